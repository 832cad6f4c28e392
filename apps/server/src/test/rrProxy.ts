/**
 * A small round-robin reverse proxy for the multi-node test (cluster.pgredis.test.ts): HTTP requests and websocket
 * upgrades go to the next backend in turn. Like a load balancer with passive health checks, a backend that
 * refuses the connection (down) is skipped — the request never reached it, so it is sent to the next one — and
 * left out for a moment. A request cut off after it reached a backend (the backend died with it in flight)
 * gets a 502 from the proxy, recorded with the backend's index: the only 5xx the test accepts, and only from
 * the node it killed. Every answer's status is counted per backend.
 */
import http from 'node:http';
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface ProxyStats {
  /** `${backend}:${httpStatus}` → count, for answers that came from a backend. */
  answers: Map<string, number>;
  /** Requests cut off in flight by a backend's death: the backend's index each. */
  cutOff: number[];
  /** Websocket upgrades per backend. */
  upgrades: number[];
}

export class RoundRobinProxy {
  readonly stats: ProxyStats = { answers: new Map(), cutOff: [], upgrades: [] };
  private next = 0;
  private readonly downUntil: number[] = [];
  private server: http.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(readonly backends: Array<Backend | null>) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Replaces a backend (a restarted node listens on a new port); null takes it out. */
  set(i: number, b: Backend | null): void {
    this.backends[i] = b;
    this.downUntil[i] = 0;
  }

  /** 5xx answers that came from the backends themselves (not the proxy's 502 for a request cut off). */
  serverErrors(): Array<[string, number]> {
    return [...this.stats.answers].filter(([k]) => Number(k.split(':')[1]) >= 500);
  }

  private pick(exclude: Set<number>): number | null {
    const n = this.backends.length;
    for (let k = 0; k < n; k++) {
      const i = (this.next + k) % n;
      if (this.backends[i] && !exclude.has(i) && (this.downUntil[i] ?? 0) <= Date.now()) {
        this.next = i + 1;
        return i;
      }
    }
    return null;
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => this.forward(req, res));
    server.on('upgrade', (req, socket: net.Socket, head) => this.upgrade(req, socket, head));
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.send(req, Buffer.concat(chunks), res, new Set()));
  }

  private send(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tried: Set<number>): void {
    const i = this.pick(tried);
    if (i === null) {
      res.writeHead(503).end();
      return;
    }
    const b = this.backends[i]!;
    let reached = false;
    const up = http.request(
      {
        host: b.host,
        port: b.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'keep-alive' },
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        const key = `${i}:${status}`;
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        answer.on('end', () => this.stats.answers.set(key, (this.stats.answers.get(key) ?? 0) + 1));
        answer.on('error', () => {
          this.stats.cutOff.push(i);
          res.destroy();
        });
      },
    );
    up.on('socket', (s) => s.once('connect', () => (reached = true)));
    up.on('error', () => {
      if (!reached) {
        // Refused: the request never reached the node. Leave it out for a moment and send to the next one.
        this.downUntil[i] = Date.now() + 1_000;
        tried.add(i);
        this.send(req, body, res, tried);
        return;
      }
      this.stats.cutOff.push(i);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    up.end(body);
  }

  private upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const i = this.pick(new Set());
    if (i === null) return void client.destroy();
    const b = this.backends[i]!;
    this.stats.upgrades[i] = (this.stats.upgrades[i] ?? 0) + 1;
    const up = net.connect(b.port, b.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let k = 0; k < req.rawHeaders.length; k += 2) lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    this.sockets.add(up);
    up.on('close', () => {
      this.sockets.delete(up);
      client.destroy();
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
    client.on('close', () => up.destroy());
  }
}
