import { ImageOff } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { cn } from "@/lib/utils";

export type ImageWithFallbackProps = Omit<ComponentProps<"img">, "src"> & {
  src: string | null | undefined;
  alt: string;
  /** Text of the placeholder, e.g. "No image". Hidden from view when empty. */
  fallbackText?: string;
};

/** Only web addresses load as images: a stored `javascript:` or other scheme shows the placeholder. */
const loadable = (src: string | null | undefined) =>
  src && /^(https?:\/\/|\/(?!\/)|data:image\/|blob:)/i.test(src.trim()) ? src : null;

/** An image that shows a placeholder when it has no source or fails to load. */
export function ImageWithFallback({
  src: given,
  alt,
  fallbackText,
  className,
  ...props
}: ImageWithFallbackProps) {
  const src = loadable(given);
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);

  if (failed || !src) {
    return (
      <div
        role="img"
        aria-label={alt || fallbackText || "No image"}
        data-slot="image-fallback"
        className={cn(
          "flex flex-col items-center justify-center gap-1 bg-muted text-xs text-muted-foreground",
          className,
        )}
      >
        <ImageOff className="size-5" aria-hidden="true" />
        {fallbackText && <span aria-hidden="true">{fallbackText}</span>}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
      {...props}
    />
  );
}
