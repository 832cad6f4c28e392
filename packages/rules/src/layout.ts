/**
 * Layout rules: root font size (spec §9) and title scrolling (spec §2, §9).
 */
import { LIMITS } from '@portal/contract';

/** Root font size at the design width; the stylesheet's rem values are designed against it. */
export const BASE_FONT_SIZE_PX = 16;

/**
 * The widest window laid out as a phone (issue 30): the stylesheets' `@media (max-width: 760px)` blocks use the same
 * number. A phone reads the design size (16 px): scaling 1920's layout down to 390 px made 4 px text.
 */
export const PHONE_MAX_WIDTH = 760;

/**
 * The media query of the phone layout: up to PHONE_MAX_WIDTH, or a touch screen held sideways (a phone in landscape,
 * up to 1000 × 500). The stylesheets' phone blocks repeat it verbatim (CSS has no shared media queries).
 */
export const PHONE_MEDIA = `(max-width: ${PHONE_MAX_WIDTH}px), (max-height: 500px) and (max-width: 1000px) and (pointer: coarse)`;

/**
 * Enlargement factor for a window width (spec §9 "widths under 1600 enlarged by 1.33; widths 1600
 * to 1920 taper between"): 1.33 below 1600, a straight line from 1.33 at 1600 down to 1.0 at 1920,
 * then 1.0 from the design width up.
 */
export function fontScale(windowWidth: number): number {
  const { SMALL_WIDTH, DESIGN_WIDTH, SMALL_WIDTH_SCALE } = LIMITS;
  if (windowWidth < SMALL_WIDTH) return SMALL_WIDTH_SCALE;
  if (windowWidth >= DESIGN_WIDTH) return 1;
  const t = (windowWidth - SMALL_WIDTH) / (DESIGN_WIDTH - SMALL_WIDTH); // 0 at 1600, 1 at 1920
  return SMALL_WIDTH_SCALE + (1 - SMALL_WIDTH_SCALE) * t;
}

/**
 * Root (html) font size in px: 16 × width / 1920 (proportional to the design width, so 16 px at
 * 1920), times fontScale(width) so small screens stay readable. A missing or non-positive width
 * (no window yet) and a phone's width give the design size.
 */
export function rootFontSize(windowWidth: number): number {
  if (!Number.isFinite(windowWidth) || windowWidth <= 0 || windowWidth <= PHONE_MAX_WIDTH) return BASE_FONT_SIZE_PX;
  return ((BASE_FONT_SIZE_PX * windowWidth) / LIMITS.DESIGN_WIDTH) * fontScale(windowWidth);
}

/** The page title scrolls when over 15 characters (spec §2, §9); counts characters, not UTF-16 units. */
export function shouldScrollTitle(title: string): boolean {
  return [...title].length > LIMITS.TITLE_SCROLL_OVER_CHARS;
}
