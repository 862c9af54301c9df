// The burst workload against a boardgame.io server, as cmd/lantern-load
// -workload burst runs it against Lantern: G games x 6 players, each its own
// socket.io client; every round one player in every game steps a trait at
// the same moment, and a game's latency is the time until all six clients
// hold the new value. Clients run in -workers worker threads.
//
//   node burst.js -url http://127.0.0.1:18200 -games 60 -rounds 50 -pid <server pid>
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
const fs = require('fs');

function flags() {
  const f = { url: 'http://127.0.0.1:18200', games: 60, phones: 6, rounds: 50, gap: 100, workers: 2, pid: 0, timeout: 10000 };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) {
    const k = a[i].replace(/^-+/, '');
    if (!(k in f)) throw new Error('unknown flag ' + a[i]);
    f[k] = k === 'url' ? a[i + 1] : Number(a[i + 1]);
  }
  return f;
}

async function post(url, body) {
  const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(url + ': ' + r.status + ' ' + (await r.text()));
  return r.json();
}

// ---- worker: some of the games' clients ----
async function worker() {
  const { Client } = require('boardgame.io/client');
  const { SocketIO } = require('boardgame.io/multiplayer');
  const { LanternBench, TRAITS } = require('./game');
  const { url, games, phones, timeout } = workerData;
  const tables = [];
  for (const g of games) {
    const clients = [];
    for (let p = 0; p < phones; p++) {
      const c = Client({ game: LanternBench, multiplayer: SocketIO({ server: url }), matchID: g.matchID, playerID: String(p), credentials: g.credentials[p], debug: false });
      c.start();
      clients.push(c);
    }
    tables.push({ clients, value: { speed: 4, might: 4, sanity: 4, knowledge: 4 } });
  }
  // Wait until every client is connected and holds the game.
  const t0 = Date.now();
  while (!tables.every(t => t.clients.every(c => { const s = c.getState(); return s && s.isConnected !== false && s.G && s.G.seats; }))) {
    if (Date.now() - t0 > 180000) throw new Error("clients not ready after 180 s: " + JSON.stringify(tables[0].clients.map(c => { const s = c.getState(); return s && s.isConnected; })));
    await new Promise(r => setTimeout(r, 20));
  }
  parentPort.postMessage({ ready: true });
  parentPort.on('message', async ({ round }) => {
    const delta = round % 2 === 0 ? 1 : -1;
    const trait = TRAITS[Math.floor(round / 2) % TRAITS.length];
    const results = await Promise.all(tables.map(t => new Promise(resolve => {
      // One player steps a trait up, then back down the next round.
      const actor = Math.floor(round / 2) % phones;
      const want = t.value[trait] + delta;
      const start = performance.now();
      let waiting = phones;
      const unsubs = [];
      const timer = setTimeout(() => { unsubs.forEach(u => u()); resolve(-1); }, timeout);
      t.clients.forEach(c => {
        let done = false;
        const unsub = c.subscribe(s => {
          if (done || !s || s.G.seats[String(actor)][trait] !== want) return;
          done = true;
          if (--waiting === 0) {
            clearTimeout(timer);
            const took = performance.now() - start;
            setImmediate(() => unsubs.forEach(u => u()));
            t.value[trait] = want;
            resolve(took);
          }
        });
        unsubs.push(unsub);
      });
      t.clients[actor].moves.step(trait, delta);
    })));
    parentPort.postMessage({ results });
  });
}

// ---- main: set up matches, run rounds, report ----
function procStatus(pid, field) {
  try {
    const m = fs.readFileSync('/proc/' + pid + '/status', 'utf8').match(new RegExp('^' + field + ':\\s+(\\d+)', 'm'));
    return m ? Number(m[1]) : 0;
  } catch { return 0; }
}
function procCPU(pid) {
  try {
    const s = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // ms, 100 Hz ticks
  } catch { return 0; }
}
function pct(sorted, q) { return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]; }

async function main() {
  const f = flags();
  const games = [];
  for (let g = 0; g < f.games; g++) {
    const { matchID } = await post(f.url + '/games/lantern-bench/create', { numPlayers: f.phones });
    const credentials = [];
    for (let p = 0; p < f.phones; p++) {
      const j = await post(f.url + '/games/lantern-bench/' + matchID + '/join', { playerID: String(p), playerName: 'Phone ' + (p + 1) });
      credentials.push(j.playerCredentials);
    }
    games.push({ matchID, credentials });
  }
  const n = Math.max(1, Math.min(f.workers, f.games));
  const workers = [];
  for (let w = 0; w < n; w++) {
    const mine = games.filter((_, i) => i % n === w);
    workers.push(new Worker(__filename, { workerData: { url: f.url, games: mine, phones: f.phones, timeout: f.timeout } }));
  }
  const next = w => new Promise((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
  await Promise.all(workers.map(next));
  await new Promise(r => setTimeout(r, 300));
  const rssIdle = procStatus(f.pid, 'VmRSS');
  const cpu0 = procCPU(f.pid);
  const own0 = process.cpuUsage(); // every thread of this process
  let peak = rssIdle;
  const sampler = setInterval(() => { peak = Math.max(peak, procStatus(f.pid, 'VmRSS')); }, 50);
  const lat = [];
  let missed = 0;
  const t0 = Date.now();
  for (let round = 0; round < f.rounds; round++) {
    const answers = await Promise.all(workers.map(w => { const p = next(w); w.postMessage({ round }); return p; }));
    for (const a of answers) for (const d of a.results) { if (d < 0) missed++; else lat.push(d); }
    await new Promise(r => setTimeout(r, f.gap));
  }
  const took = Date.now() - t0;
  clearInterval(sampler);
  const cpu = procCPU(f.pid) - cpu0;
  const own = process.cpuUsage(own0);
  lat.sort((a, b) => a - b);
  const ms = x => x.toFixed(1) + 'ms';
  console.log(`boardgame.io burst: ${f.games} games x ${f.phones} players (${f.games * f.phones} socket.io clients in ${n} worker threads), ${f.rounds} rounds, ${f.url}`);
  console.log(`actions:   ${f.games * f.rounds} (${f.games} per round, all at once), ${missed} not seen by every client within ${f.timeout} ms`);
  console.log(`action -> all ${f.phones} clients of its game hold the new value: p50 ${ms(pct(lat, 0.5))}  p90 ${ms(pct(lat, 0.9))}  p99 ${ms(pct(lat, 0.99))}  max ${ms(lat[lat.length - 1])}  (n=${lat.length})`);
  if (f.pid) {
    console.log(`server CPU: ${(cpu / (f.games * f.rounds)).toFixed(2)} ms per action (${(cpu / 1000).toFixed(1)} s in ${took} ms); memory (VmRSS): ${(rssIdle / 1024).toFixed(1)} MB with all clients connected, peak ${(peak / 1024).toFixed(1)} MB`);
  }
  console.log(`load program CPU: ${((own.user + own.system) / 1000 / (f.games * f.rounds)).toFixed(2)} ms per action`);
  process.exit(0);
}

if (isMainThread) main().catch(e => { console.error(e); process.exit(1); });
else worker().catch(e => { console.error(e); process.exit(1); });
