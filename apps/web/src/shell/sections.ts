/** Header sections (spec §1) in menu order: a route path, or an action for customer service. */
export interface Section {
  /** nav:section.{code} */
  code: string;
  path?: string;
  /** Hidden by a site flag. */
  flag?: 'showSponsor';
}

export const SECTIONS: readonly Section[] = [
  { code: 'HOME', path: '/' },
  { code: 'TY', path: '/game/sport' },
  { code: 'ZR', path: '/game/realbet' },
  { code: 'QP', path: '/game/chess' },
  { code: 'DZ', path: '/game/egame' },
  { code: 'DJ', path: '/game/gaming' },
  { code: 'CP', path: '/game/lottery' },
  { code: 'BY', path: '/game/fishing' },
  { code: 'discount', path: '/activity/discount' },
  { code: 'sponsor', path: '/sponsor', flag: 'showSponsor' },
  { code: 'download', path: '/download' },
  { code: 'service' },
];
