import type { SlotDef } from '@portal/games';
import { SymbolIcon } from './Paytable.tsx';

/** The grid of a round the page never showed, in the symbols' own art (named for screen readers). */
export function MiniGrid({ def, grid, names }: { def: SlotDef; grid: string[][]; names: Record<string, string> }) {
  return (
    <table className="slot-mini-grid" data-testid="slot-unshown-grid">
      <tbody>
        {[0, 1, 2].map((row) => (
          <tr key={row}>
            {grid.map((reel, i) => (
              <td key={i}>
                <SymbolIcon def={def} id={reel[row]!} name={names[reel[row]!] ?? reel[row]!} size={30} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
