/**
 * How a selection code `w` settles against a result — the same rules the prices were made with
 * (@portal/rules settlement: quarter lines split in halves). Pure.
 *
 *   1X2:H|N|C  HT1X2:H|N|C (half-time score)  ML:H|C  AH:H|C:<that side's line>  OU:O|U:<line>
 *   OE:O|E  CS:<h>-<c>|other  FS:<rtype>
 *
 * The score is what the sport's markets are on: goals, points, runs, or sets (frames) won in set
 * sports. Where the match goes on after a level score the money line is about (hockey: overtime and
 * shootout after regulation), the result carries the winner 'H' or 'C' and the money line settles on
 * it; the other markets settle on the score (hockey: regulation time).
 */
import { asianHandicapResult, isQuarterLine, overUnderResult, type SettledResult } from '@portal/rules';
import type { FeedResult } from '../../providers/oddsFeed.ts';
import { isEsportsCode, settleEsports } from './esports/codes.ts';

const W_RE =
  /^(1X2|HT1X2|ML):(H|N|C)$|^AH:(H|C):(-?\d{1,3}(?:\.\d{1,2})?)$|^OU:(O|U):(\d{1,3}(?:\.\d{1,2})?)$|^OE:(O|E)$|^CS:(\d-\d|other)$|^FS:([A-Za-z0-9]{1,20})$/;

export function isSelectionCode(w: string): boolean {
  if (isEsportsCode(w)) return true;
  const m = W_RE.exec(w);
  if (!m) return false;
  const line = m[4] ?? m[6];
  return line === undefined || isQuarterLine(Number(line));
}

const winLoss = (won: boolean): SettledResult => (won ? 'W' : 'L');
const side = (h: number, c: number): 'H' | 'N' | 'C' => (h > c ? 'H' : h < c ? 'C' : 'N');

/** The leg's result; null when the result does not carry what the market needs (no half-time score). */
export function settleSelection(w: string, r: FeedResult): SettledResult | null {
  const esports = settleEsports(w, r);
  if (esports !== undefined) return esports;
  const [market, pick, line] = w.split(':') as [string, string, string | undefined];
  const { scoreH: h, scoreC: c } = r;
  switch (market) {
    case '1X2':
      return winLoss(side(h, c) === pick);
    case 'ML':
      return winLoss((r.winner === 'H' || r.winner === 'C' ? r.winner : side(h, c)) === pick);
    case 'HT1X2':
      return r.htH === null || r.htC === null ? null : winLoss(side(r.htH, r.htC) === pick);
    case 'AH':
      return asianHandicapResult(Number(line), pick === 'H' ? h - c : c - h);
    case 'OU':
      return overUnderResult(pick === 'O' ? 'over' : 'under', Number(line), h + c);
    case 'OE':
      return winLoss(((h + c) % 2 === 1) === (pick === 'O'));
    case 'CS': {
      const listed = h <= 4 && c <= 4;
      return winLoss(pick === 'other' ? !listed : pick === `${h}-${c}`);
    }
    case 'FS':
      return winLoss(r.winner === pick);
    default:
      return null;
  }
}
