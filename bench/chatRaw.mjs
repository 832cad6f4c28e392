#!/usr/bin/env node
/**
 * bench:chat's baseline node: a raw `ws` server that relays every chat frame it receives through Redis pub/sub and
 * broadcasts each relayed frame to all of its own sockets — the same fan-out as the portal's room (one room, two
 * nodes, Redis between them) with nothing else: no login, no rules, no database, no history. A join (10002) is
 * answered at once. Prints `listening <port>` when ready. Env: REDIS_URL, PORT (0: any).
 */
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOPIC = `bench-chat-raw-${process.env.RUN_ID ?? 'x'}`;
const pub = new Redis(REDIS_URL);
const sub = new Redis(REDIS_URL);
let nextId = 1;

await sub.subscribe(TOPIC);
const wss = new WebSocketServer({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
sub.on('message', (_topic, json) => {
  const frame = Buffer.from(json, 'utf8');
  for (const c of wss.clients) if (c.readyState === 1) c.send(frame);
});
wss.on('connection', (ws) => {
  ws.on('message', (buf) => {
    const m = JSON.parse(String(buf));
    if (m.msgId === 10002) ws.send(JSON.stringify({ msgId: 10002, msgData: { list: [], cursor: null } }));
    else if (m.msgId === 10003)
      void pub.publish(TOPIC, JSON.stringify({ msgId: 10003, msgData: { id: nextId++, roomId: m.msgData.roomId, text: m.msgData.text } }));
    else if (m.msgId === 0) ws.send('{"msgId":0}');
  });
});
wss.on('listening', () => console.log(`listening ${wss.address().port}`));
process.on('SIGTERM', () => process.exit(0));
