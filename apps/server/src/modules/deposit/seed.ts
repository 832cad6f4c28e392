import type { Db } from '../../db/connect.ts';
import type { DepositChannelTable } from '../../db/schema.ts';
import { depositRepository } from './repository.ts';

/** Generic deposit channels on the sandbox payment provider (no real provider is named or integrated). */
export const DEMO_DEPOSIT_CHANNELS: DepositChannelTable[] = [
  {
    id: 'bank',
    name: '银行卡转账',
    type: 'bank',
    provider: 'sandbox',
    min_fen: 10_000,
    max_fen: 5_000_000,
    presets: '100,500,1000,5000,10000',
    fee_bp: 0,
    networks: '',
    status: 'active',
    sort: 1,
  },
  {
    id: 'ewallet',
    name: '电子钱包',
    type: 'ewallet',
    provider: 'sandbox',
    min_fen: 5_000,
    max_fen: 2_000_000,
    presets: '50,100,300,500,1000',
    fee_bp: 0,
    networks: '',
    status: 'active',
    sort: 2,
  },
  {
    id: 'usdt',
    name: '虚拟币 USDT',
    type: 'usdt',
    provider: 'sandbox',
    min_fen: 10_000,
    max_fen: 50_000_000,
    presets: '700,1400,3500,7000',
    fee_bp: 0,
    networks: 'TRC20,ERC20',
    status: 'active',
    sort: 3,
  },
];

export async function seedDepositChannels(db: Db): Promise<void> {
  for (const c of DEMO_DEPOSIT_CHANNELS) await depositRepository.upsertChannel(db, c);
}
