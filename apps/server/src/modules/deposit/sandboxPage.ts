import type { FastifyInstance } from 'fastify';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import type { DepositOrderTable } from '../../db/schema.ts';
import type { SandboxPaymentProvider } from '../../providers/payment.ts';
import { depositRepository as repo } from './repository.ts';

/** A player reads the order's state in Chinese (never the wire status). */
const STATUS_TEXT: Record<DepositOrderTable['status'], string> = {
  pending: '待支付',
  paid: '已支付',
  failed: '支付失败',
  closed: '已关闭',
  expired: '已过期',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f4f6;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 8px 30px #0002;padding:32px 40px;min-width:360px}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;background:#fde68a;color:#92400e;border-radius:4px;padding:2px 8px;font-size:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-all}
form{display:inline-block;margin-right:8px}button{font-size:15px;padding:10px 18px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}.abandon{background:#e5e7eb}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's own pay page (dev only): what a player sees at a payment provider, with
 * buttons to pay, fail or abandon. Paying books the payment on the provider's side and queues its signed
 * notifications to our callback.
 */
export function registerSandboxPayPage(root: FastifyInstance, db: Db, provider: SandboxPaymentProvider): void {
  // Its own scope: the buttons post browser forms (urlencoded), which the JSON API refuses everywhere else.
  void root.register(async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    sandboxRoutes(app, db, provider);
  });
}

function sandboxRoutes(app: FastifyInstance, db: Db, provider: SandboxPaymentProvider): void {
  app.get('/sandbox/pay/:orderNo', async (req, reply) => {
    const o = await repo.order(db, (req.params as { orderNo: string }).orderNo);
    if (!o) return reply.status(404).type('text/html').send(page('订单不存在', '<h1>订单不存在</h1>'));
    const rows = [
      ['订单号', o.order_no],
      ['金额', `¥ ${yuan(o.amount)}`],
      ['状态', STATUS_TEXT[o.status]],
      ...(o.address
        ? [
            ['网络', o.network ?? ''],
            ['收款地址', o.address],
            ['应付 USDT', o.usdt_amount ?? ''],
          ]
        : []),
    ];
    const actions =
      o.status === 'pending' || o.status === 'closed' || o.status === 'expired'
        ? ['pay:模拟支付成功', 'fail:模拟支付失败', 'abandon:放弃支付']
            .map((a) => {
              const [act, label] = a.split(':');
              return `<form method="post" action="/sandbox/pay/${esc(o.order_no)}/${act}"><button class="${act}">${label}</button></form>`;
            })
            .join('')
        : '<p>该订单已结束。</p>';
    return reply.type('text/html').send(
      page(
        '在线支付',
        `<span class="tag">演示收银台</span><h1>在线支付</h1>
<dl>${rows.map(([k, v]) => `<dt>${esc(k!)}</dt><dd>${esc(String(v))}</dd>`).join('')}</dl>${actions}`,
      ),
    );
  });

  app.post('/sandbox/pay/:orderNo/:action', async (req, reply) => {
    const { orderNo, action } = req.params as { orderNo: string; action: string };
    const o = await repo.order(db, orderNo);
    if (!o || !['pay', 'fail', 'abandon'].includes(action))
      return reply.status(404).type('text/html').send(page('订单不存在', '<h1>订单不存在</h1>'));
    if (action !== 'abandon') await provider.act(o.order_no, action === 'pay' ? 'paid' : 'failed', Number(o.amount));
    const msg = action === 'pay' ? '支付已提交，通知将稍后到达商户。' : action === 'fail' ? '已模拟支付失败。' : '已放弃支付，可关闭本页。';
    return reply
      .type('text/html')
      .send(page('在线支付', `<span class="tag">演示收银台</span><h1>${msg}</h1><p>订单 ${esc(o.order_no)}</p>`));
  });
}
