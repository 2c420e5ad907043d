import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import {
  canonicalAddress,
  refuseScheme,
  TargetGuard,
  TargetPolicy,
  type RefusalReason,
  type TestTargets,
} from './targetGuard';

const SERVER: TestTargets = {
  serverHost: '127.0.0.1',
  serverPort: 3000,
  publicUrl: 'http://127.0.0.1:3000',
  privateTargets: 'allow',
};

type Row = [address: string, port: number, expected: RefusalReason | null];

describe('the target policy', () => {
  it.each<Row>([
    ['127.0.0.1', 3000, 'own'],
    ['::ffff:127.0.0.1', 3000, 'own'],
    ['::ffff:7f00:1', 3000, 'own'],
    ['[::ffff:127.0.0.1]', 3000, 'own'],
    ['127.0.0.1', 3001, null],
    ['127.0.0.2', 3000, null],
    ['::1', 3000, null],
    ['169.254.169.254', 80, 'linkLocal'],
    ['169.254.0.1', 8080, 'linkLocal'],
    ['::ffff:169.254.169.254', 80, 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 80, 'linkLocal'],
    ['fe80::1', 80, 'linkLocal'],
    ['fe80::1%eth0', 80, 'linkLocal'],
    ['febf::1', 80, 'linkLocal'],
    ['fd00:ec2::254', 80, 'metadata'],
    ['FD00:EC2:0:0:0:0:0:254', 80, 'metadata'],
    ['0.0.0.0', 3000, 'unspecified'],
    ['0.0.0.0', 80, 'unspecified'],
    ['::', 80, 'unspecified'],
    ['10.0.0.5', 80, null],
    ['172.16.0.1', 80, null],
    ['192.168.1.1', 80, null],
    ['100.64.0.1', 80, null],
    ['fd12::1', 80, null],
    ['8.8.8.8', 443, null],
    ['2001:4860:4860::8888', 443, null],
  ])('by default, %s port %d is %s', async (address, port, expected) => {
    const policy = await TargetPolicy.create(SERVER);
    expect(policy.check(address, port)).toBe(expected);
  });

  it.each<Row>([
    ['127.0.0.1', 3001, 'loopback'],
    ['127.5.5.5', 80, 'loopback'],
    ['::1', 80, 'loopback'],
    ['::ffff:127.0.0.1', 8080, 'loopback'],
    ['10.1.2.3', 80, 'private'],
    ['::ffff:10.0.0.1', 80, 'private'],
    ['172.16.0.1', 80, 'private'],
    ['172.31.255.255', 80, 'private'],
    ['172.32.0.1', 80, null],
    ['192.168.0.1', 80, 'private'],
    ['100.64.0.1', 80, 'private'],
    ['100.128.0.1', 80, null],
    ['fd12::1', 80, 'private'],
    ['fc00::1', 80, 'private'],
    ['8.8.8.8', 80, null],
    ['127.0.0.1', 3000, 'own'],
    ['169.254.169.254', 80, 'linkLocal'],
  ])('with TEST_TARGETS_PRIVATE=deny, %s port %d is %s', async (address, port, expected) => {
    const policy = await TargetPolicy.create({ ...SERVER, privateTargets: 'deny' });
    expect(policy.check(address, port)).toBe(expected);
  });

  it('counts every loopback and interface address with the port as its own when the server listens on all', async () => {
    const policy = await TargetPolicy.create({ ...SERVER, serverHost: '0.0.0.0' });
    const interfaces = Object.values(os.networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => entry.address);
    expect(interfaces.length).toBeGreaterThan(0);
    for (const address of interfaces) expect(policy.check(address, 3000)).toBe('own');
    expect(policy.check('127.0.0.2', 3000)).toBe('own');
    expect(policy.check('127.0.0.2', 3001)).toBeNull();
  });

  it("counts PUBLIC_URL's host and port as its own, whatever HOST says", async () => {
    const policy = await TargetPolicy.create({ ...SERVER, publicUrl: 'https://203.0.113.10' });
    expect(policy.check('203.0.113.10', 443)).toBe('own');
    expect(policy.check('203.0.113.10', 80)).toBeNull();
    const named = await TargetPolicy.create({ ...SERVER, publicUrl: 'http://localhost:4000' });
    expect(named.check('127.0.0.1', 4000)).toBe('own');
  });

  it('names the host, the address it resolved to and the reason in its refusal', async () => {
    const policy = await TargetPolicy.create(SERVER);
    expect(policy.refusalOf('localhost', ['::1', '127.0.0.1'], 3000)?.message).toBe(
      "The test tried to reach localhost:3000 (127.0.0.1), the Plainwright server's own address; tests may not reach it.",
    );
    expect(policy.refusalOf('169.254.169.254', ['169.254.169.254'], 80)?.message).toBe(
      'The test tried to reach 169.254.169.254:80, a link-local address, where cloud metadata services answer; tests may not reach it.',
    );
    expect(policy.refusalOf('fd00:ec2::254', ['fd00:ec2::254'], 80)?.message).toContain('[fd00:ec2::254]:80');
    expect(policy.refusalOf('example.test', ['93.184.216.34'], 80)).toBeNull();
  });
});

describe('websites at create and edit time', () => {
  it.each([
    ['http://127.0.0.1:3000/api/dev/mail', "points at 127.0.0.1:3000, the Plainwright server's own address"],
    ['http://localhost:3000/', "points at localhost:3000 (127.0.0.1), the Plainwright server's own address"],
    ['http://2130706433:3000/', 'points at 127.0.0.1:3000'],
    ['http://[::ffff:127.0.0.1]:3000/', "the Plainwright server's own address"],
    ['http://169.254.169.254/latest/meta-data/', 'points at 169.254.169.254:80, a link-local address'],
    ['http://[fd00:ec2::254]/', 'a cloud metadata address'],
    ['http://0.0.0.0:3000/', 'an unspecified address'],
    ['file:///etc/passwd', 'must be an http:// or https:// address'],
    ['javascript:alert(1)', 'must be an http:// or https:// address'],
  ])('refuses %s', async (website, sentence) => {
    const policy = await TargetPolicy.create(SERVER);
    expect(await policy.refuseWebsite(website)).toContain(sentence);
  });

  it.each(['http://127.0.0.1:3001/', 'https://8.8.8.8/', 'http://unresolvable.invalid/'])(
    'lets %s be tested',
    async (website) => {
      const policy = await TargetPolicy.create(SERVER);
      expect(await policy.refuseWebsite(website)).toBeNull();
    },
  );
});

describe('pages other than http and https', () => {
  it.each([
    ['file:///etc/passwd', 'The test tried to open file:///etc/passwd'],
    ['chrome://settings', 'The test tried to open chrome://settings'],
    ['view-source:http://127.0.0.1:3000/', 'The test tried to open view-source:'],
    ['javascript:alert(1)', 'The test tried to open javascript:'],
    ['data:text/html,<p>hi</p>', 'The test tried to open data:'],
  ])('refuses %s', (url, sentence) => {
    expect(refuseScheme(url)).toContain(sentence);
  });

  it('lets http and https pages open and shows the address as the test wrote it', () => {
    expect(refuseScheme('http://127.0.0.1:3000/')).toBeNull();
    expect(refuseScheme('https://example.com/')).toBeNull();
    expect(refuseScheme('file:///secret-value', 'file:///{{path}}')).toContain('file:///{{path}}');
  });

  it('writes every embedded IPv4 address as IPv4', () => {
    expect(canonicalAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalAddress('[::FFFF:A9FE:A9FE]')).toBe('169.254.169.254');
    expect(canonicalAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});

/** A SOCKS5 CONNECT through the guard: the reply code, and the socket when it succeeded. */
async function socksConnect(
  guard: TargetGuard,
  host: string,
  port: number,
): Promise<{ code: number; socket: net.Socket }> {
  const proxyPort = Number(new URL(guard.proxyServer).port);
  const socket = net.connect({ host: '127.0.0.1', port: proxyPort });
  await new Promise((resolve) => socket.once('connect', resolve));
  const read = (size: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const tryRead = () => {
        const chunk = socket.read(size) as Buffer | null;
        if (chunk) resolve(chunk);
        else socket.once('readable', tryRead);
      };
      socket.once('error', reject);
      tryRead();
    });
  socket.write(Buffer.from([5, 1, 0]));
  expect([...(await read(2))]).toEqual([5, 0]);
  const name = Buffer.from(host, 'latin1');
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, portBytes]));
  const reply = await read(10);
  return { code: reply[1], socket };
}

describe('the guard, a SOCKS5 proxy', () => {
  let site: http.Server;
  let sitePort: number;
  let guard: TargetGuard;

  beforeAll(async () => {
    site = http.createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as net.AddressInfo).port;
    // The "server" is another port: the site stands for a local app under test.
    guard = await TargetGuard.start(
      await TargetPolicy.create({ ...SERVER, serverPort: sitePort + 1, publicUrl: 'http://127.0.0.1:1' }),
    );
  });
  afterAll(async () => {
    await guard.close();
    await new Promise((resolve) => site.close(resolve));
  });

  it('resolves the name itself, connects to an allowed address and carries the bytes', async () => {
    const { code, socket } = await socksConnect(guard, 'localhost', sitePort);
    expect(code).toBe(0);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
    });
    expect(answer).toContain('reached');
    expect(guard.refusals).toEqual([]);
  });

  it('refuses a refused address (2: not allowed by the rules) and records why', async () => {
    const { code, socket } = await socksConnect(guard, 'localhost', sitePort + 1);
    socket.destroy();
    expect(code).toBe(2);
    expect(guard.refusals.map((refusal) => refusal.message)).toEqual([
      `The test tried to reach localhost:${sitePort + 1} (127.0.0.1), the Plainwright server's own address; tests may not reach it.`,
    ]);
  });

  it("refuses its own port, so a page cannot loop through a session's proxy", async () => {
    const proxyPort = Number(new URL(guard.proxyServer).port);
    const { code, socket } = await socksConnect(guard, '127.0.0.1', proxyPort);
    socket.destroy();
    expect(code).toBe(2);
  });
});
