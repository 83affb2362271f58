import type { ComponentProps } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** One choice of an `OptionsSelect`: the value and the text shown for it. */
export type Option = readonly [value: string, label: string];

type TriggerProps = Omit<ComponentProps<typeof SelectTrigger>, "children" | "value" | "onChange">;

/**
 * A select over a fixed list of options (filters, the site switcher, form fields). The other
 * props go to the trigger, the element a label or `aria-label` names.
 */
export function OptionsSelect({
  value,
  onValueChange,
  options,
  placeholder,
  itemClassName,
  ...trigger
}: TriggerProps & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string;
  itemClassName?: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map(([option, label]) => (
          <SelectItem key={option} value={option} className={itemClassName}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
