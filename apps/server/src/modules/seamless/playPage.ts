/**
 * The sandbox aggregator's hosted game page (dev only; devRoutes.ts serves it at GET /dev/seamless/play):
 * a small self-contained page — inline CSS and JS under a nonce CSP — standing in for a third party's game
 * client, clearly labelled as the aggregator's test environment. The player picks a stake and plays one
 * round; the page posts to /dev/seamless/play/round and shows the draw, the payout and the central balance.
 * Everything interpolated is escaped; the page's data travels as JSON (`<` escaped) read by the script, and
 * the script writes with textContent only.
 */
import type { Locale } from '@portal/contract';
import type { AggregatorGame } from './catalogue.ts';
import { RULES, WHEEL } from './sandboxGames.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON safe inside a <script> element: no `<` (so no `</script>`), no line separators. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const TEXT: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    env: '演示游戏',
    note: '本游戏由第三方游戏平台提供，每局结果由平台随机产生，投注与派彩直接计入您的中心钱包。',
    rules: '玩法说明',
    stake: '选择投注额',
    play: '开始一局',
    playing: '进行中…',
    balance: '中心钱包余额',
    win: '派彩',
    lost: '未中奖',
    you: '你的牌',
    dealer: '庄家的牌',
    dice: '骰子',
    wheel: '转盘停在',
    grey: '灰色',
    blue: '蓝色',
    green: '绿色',
    gold: '金色',
    error: '本局未进行',
  },
  'zh-TW': {
    env: '演示遊戲',
    note: '本遊戲由第三方遊戲平台提供，每局結果由平台隨機產生，投注與派彩直接計入您的中心錢包。',
    rules: '玩法說明',
    stake: '選擇投注額',
    play: '開始一局',
    playing: '進行中…',
    balance: '中心錢包餘額',
    win: '派彩',
    lost: '未中獎',
    you: '你的牌',
    dealer: '莊家的牌',
    dice: '骰子',
    wheel: '轉盤停在',
    grey: '灰色',
    blue: '藍色',
    green: '綠色',
    gold: '金色',
    error: '本局未進行',
  },
};

/** Stakes the page offers (fen), within the game's limits. */
export const stakesOf = (g: AggregatorGame) => [100, 500, 1_000, 5_000, 10_000].filter((f) => f >= g.minBetFen && f <= g.maxBetFen);

export function playPage(o: { game: AggregatorGame; locale: Locale; token: string; balance: string; nonce: string }): string {
  const t = TEXT[o.locale];
  const name = o.game.names[o.locale];
  const cfg = {
    token: o.token,
    game: o.game.code,
    kind: o.game.kind,
    stakes: stakesOf(o.game),
    wheel: WHEEL.map((s) => s.colour),
    t,
  };
  return `<!doctype html><html lang="${o.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(name)} · ${esc(t.env!)}</title><style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#111827;color:#f9fafb;margin:0}
header{background:#f59e0b;color:#111827;padding:8px 16px;font-weight:700;font-size:14px}
main{max-width:520px;margin:0 auto;padding:20px 16px}h1{font-size:22px;margin:8px 0}
.note{color:#9ca3af;font-size:12px;line-height:1.6}.card{background:#1f2937;border-radius:12px;padding:16px;margin:14px 0}
.rules{font-size:14px;line-height:1.7}.stakes{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0}
.stakes button{background:#374151;color:#f9fafb;border:2px solid transparent;border-radius:8px;padding:8px 14px;font-size:15px;cursor:pointer}
.stakes button[aria-pressed="true"]{border-color:#f59e0b}
#play{width:100%;background:#16a34a;color:#fff;border:0;border-radius:10px;padding:14px;font-size:17px;cursor:pointer}
#play:disabled{background:#4b5563}#draw{font-size:20px;min-height:28px;margin:8px 0}#pay{font-size:16px;min-height:22px}
.balance{display:flex;justify-content:space-between;font-size:15px}.balance b{color:#fbbf24}
</style></head><body><header>${esc(t.env!)}</header><main>
<h1>${esc(name)}</h1><p class="note">${esc(t.note!)}</p>
<div class="card balance"><span>${esc(t.balance!)}</span><b id="balance">¥ ${esc(o.balance)}</b></div>
<div class="card rules"><b>${esc(t.rules!)}</b><p>${esc(RULES[o.game.kind][o.locale])}</p></div>
<div class="card"><div>${esc(t.stake!)}</div><div class="stakes" id="stakes"></div>
<button id="play" type="button">${esc(t.play!)}</button><div id="draw" aria-live="polite"></div><div id="pay"></div></div>
</main><script type="application/json" id="cfg">${scriptJson(cfg)}</script>
<script nonce="${esc(o.nonce)}">${SCRIPT}</script></body></html>`;
}

const SCRIPT = `(function(){
var cfg=JSON.parse(document.getElementById('cfg').textContent),t=cfg.t,stake=cfg.stakes[0];
var $=function(id){return document.getElementById(id)};
var yuan=function(f){var s=(f/100).toFixed(2);return s.slice(-3)==='.00'?s.slice(0,-3):s};
var face=function(n){return ['A','2','3','4','5','6','7','8','9','10','J','Q','K'][n-1]};
cfg.stakes.forEach(function(f,i){var b=document.createElement('button');b.type='button';b.textContent='¥ '+yuan(f);
b.setAttribute('aria-pressed',i===0?'true':'false');b.onclick=function(){stake=f;
Array.prototype.forEach.call($('stakes').children,function(c){c.setAttribute('aria-pressed',c===b?'true':'false')})};$('stakes').appendChild(b)});
function show(d){var x=d.draw;
if(x.kind==='card')$('draw').textContent=t.you+' '+face(x.player)+' · '+t.dealer+' '+face(x.dealer);
else if(x.kind==='dice')$('draw').textContent=t.dice+' '+x.dice[0]+' + '+x.dice[1]+' = '+(x.dice[0]+x.dice[1]);
else $('draw').textContent=t.wheel+' '+t[cfg.wheel[x.segment]]+' ('+(d.multiplier/100)+'×)';
$('pay').textContent=d.win>0?t.win+' ¥ '+yuan(d.win):t.lost;$('balance').textContent='¥ '+yuan(d.balance)}
$('play').onclick=function(){var btn=$('play');btn.disabled=true;btn.textContent=t.playing;
fetch('/dev/seamless/play/round',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({token:cfg.token,game:cfg.game,stake:stake})})
.then(function(r){return r.json()}).then(function(r){if(r.status_code===6000)show(r.data);else{$('draw').textContent=t.error;$('pay').textContent=String(r.message||'')}})
.catch(function(){$('draw').textContent=t.error;$('pay').textContent=''})
.then(function(){btn.disabled=false;btn.textContent=t.play})};
})();`;
