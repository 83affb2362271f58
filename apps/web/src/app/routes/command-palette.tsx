import {
  ArrowRightLeft,
  Command as CommandIcon,
  Keyboard,
  LogOut,
  Monitor,
  Moon,
  Play,
  Sun,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandShortcut,
} from "@/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useMemberSites } from "@/hooks/use-access";
import { setThemeChoice } from "@/lib/theme";
import { type SiteKey, siteList } from "@/sites";
import { navItems } from "../site-routes";

/** The keyboard shortcuts, as the help dialog lists them (docs/PRODUCT-RULES.md#keyboard-and-theme). */
const SHORTCUTS = [
  { keys: ["Ctrl", "K"], mac: ["⌘", "K"], does: "Open the command palette: go to a screen, run an action" },
  { keys: ["/"], does: "Search on this screen" },
  { keys: ["?"], does: "Show these keyboard shortcuts" },
  { keys: ["Esc"], does: "Close a dialog, menu or the palette" },
] as const;

/** Whether a key press goes into a text field (shortcuts without a modifier then stay out of the way). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement &&
    !["checkbox", "radio", "button", "submit", "reset"].includes(target.type)
  );
}

/** An open dialog or menu owns the keyboard; only Ctrl/Cmd+K reaches past it (to toggle the palette). */
const overlayOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;

/** The current screen's search box, the one "/" focuses. */
const screenSearch = () => document.querySelector<HTMLInputElement>('main input[type="search"]');

/**
 * The current screen's own actions: the enabled buttons and links of its header (Add App, Add Match,
 * Quick Add, Export CSV, ...). Read from the page when the palette opens, so a screen's action is
 * in the palette without being declared twice.
 */
function screenActions(): { label: string; element: HTMLElement }[] {
  return [
    ...document.querySelectorAll<HTMLElement>(
      'main [data-slot="page-actions"] :is(button:not(:disabled), a[href])',
    ),
  ]
    .map((element) => ({ label: element.textContent?.trim() ?? "", element }))
    .filter((action) => action.label !== "");
}

type Pending = { run: () => void; focus?: HTMLElement };

/**
 * Ctrl/Cmd+K opens a palette of every screen of every site and the main actions; "/" focuses the
 * screen's search; "?" lists the shortcuts. Renders the header's palette button.
 */
export function CommandPalette({
  site,
  onSiteChange,
  onLogout,
}: {
  site: SiteKey;
  onSiteChange: (site: SiteKey) => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const [actions, setActions] = useState<ReturnType<typeof screenActions>>([]);
  // The chosen command runs once the palette has closed and focus has settled.
  const pending = useRef<Pending | null>(null);

  const openPalette = () => {
    setActions(screenActions());
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        if (open) setOpen(false);
        else if (!overlayOpen()) openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || typingIn(event.target) || overlayOpen()) return;
      if (event.key === "/") {
        const search = screenSearch();
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if (event.key === "?") {
        event.preventDefault();
        setHelp(true);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }); // Re-bound on every render: the handler reads the current `open`.

  const choose = (run: () => void, focus?: HTMLElement) => () => {
    pending.current = { run, focus };
    setOpen(false);
  };

  const onCloseAutoFocus = (event: Event) => {
    const chosen = pending.current;
    pending.current = null;
    if (!chosen) return;
    // A screen action's dialog returns focus to its button, as if it had been clicked.
    if (chosen.focus?.isConnected) {
      event.preventDefault();
      chosen.focus.focus();
    }
    setTimeout(chosen.run, 0);
  };

  // Only the member's sites (docs/PRODUCT-RULES.md#team-and-access), the current one first.
  const memberSites = useMemberSites() ?? [];
  const sites = siteList
    .filter((candidate) => memberSites.includes(candidate.key))
    .sort((a, b) => Number(b.key === site) - Number(a.key === site));

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Command palette"
        aria-keyshortcuts="Control+K Meta+K"
        title="Command palette (Ctrl+K)"
        onClick={openPalette}
      >
        <CommandIcon aria-hidden="true" />
      </Button>
      <CommandDialog
        title="Command palette"
        description="Type to find a screen or an action, then press Enter."
        open={open}
        onOpenChange={setOpen}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <CommandInput placeholder="Go to a screen or run an action..." />
        <CommandList>
          <CommandEmpty>No screen or action found.</CommandEmpty>
          {actions.length > 0 && (
            <CommandGroup heading="On this screen">
              {actions.map(({ label, element }, index) => (
                <CommandItem
                  // biome-ignore lint/suspicious/noArrayIndexKey: the header's buttons, read once per opening
                  key={index}
                  value={`action ${label}`}
                  onSelect={choose(() => element.click(), element)}
                >
                  <Play aria-hidden="true" />
                  {label}
                </CommandItem>
              ))}
            </CommandGroup>
          )}
          {sites.map((s) => (
            <CommandGroup key={s.key} heading={`Go to · ${s.name}`}>
              {navItems(s.key, true).map((item) => (
                <CommandItem
                  key={item.to}
                  value={`${s.name} ${item.label} ${item.to}`}
                  onSelect={choose(() => navigate(item.to))}
                >
                  <item.icon aria-hidden="true" />
                  {item.label}
                  <CommandShortcut className="tracking-normal">{s.name}</CommandShortcut>
                </CommandItem>
              ))}
            </CommandGroup>
          ))}
          <CommandGroup heading="General">
            {sites
              .filter((s) => s.key !== site)
              .map((s) => (
                <CommandItem
                  key={s.key}
                  value={`switch site ${s.name}`}
                  onSelect={choose(() => onSiteChange(s.key))}
                >
                  <ArrowRightLeft aria-hidden="true" />
                  Switch to {s.name}
                </CommandItem>
              ))}
            {(
              [
                ["system", "System", Monitor],
                ["light", "Light", Sun],
                ["dark", "Dark", Moon],
              ] as const
            ).map(([value, label, Icon]) => (
              <CommandItem
                key={value}
                value={`theme ${label} mode`}
                onSelect={choose(() => setThemeChoice(value))}
              >
                <Icon aria-hidden="true" />
                Theme: {label}
              </CommandItem>
            ))}
            <CommandItem value="keyboard shortcuts help" onSelect={choose(() => setHelp(true))}>
              <Keyboard aria-hidden="true" />
              Keyboard shortcuts
              <CommandShortcut>?</CommandShortcut>
            </CommandItem>
            <CommandItem value="logout sign out" onSelect={choose(onLogout)}>
              <LogOut aria-hidden="true" />
              Logout
            </CommandItem>
          </CommandGroup>
        </CommandList>
      </CommandDialog>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </>
  );
}

const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">{children}</kbd>
);

function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Anywhere in the dashboard, when you are not typing in a field.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.does} className="flex items-center justify-between gap-4">
              <dt className="flex shrink-0 gap-1">
                {(mac && "mac" in shortcut ? shortcut.mac : shortcut.keys).map((key) => (
                  <Key key={key}>{key}</Key>
                ))}
              </dt>
              <dd className="text-right text-muted-foreground">{shortcut.does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
