import { useMediaQuery } from "./use-media-query";

/** DESIGN §9: "narrow" is under 992px (also the sidebar breakpoint), "mobile" under 640px. */
export const NARROW_MAX = 991.98;
export const MOBILE_MAX = 639.98;

export function useBreakpoint() {
  const narrow = useMediaQuery(`(max-width: ${NARROW_MAX}px)`);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX}px)`);
  return { narrow, mobile, desktop: !narrow };
}
