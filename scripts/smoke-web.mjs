// Smoke test of the browser build, run by scripts/smoke-dist: serves the
// folder of static files on 127.0.0.1 the way the README's static-hosting
// recipe does (the brotli or gzip copy when the browser takes it, the
// right MIME types), opens it in headless Chromium and drives the page
// through the DevTools protocol (Node's WebSocket, no npm package). Fyne
// draws the whole app on one WebGL canvas, so the board is read from
// screenshots by its colours (decoded here, in Node, so that the page's
// thread only runs the app), and the words the window shows come from the
// app's smoke hook (window.boardgamesShownTexts, cmd/boardgames/shown_js.go).
//
// It checks, in order:
//   1. the errors a publisher can meet are shown on the page: opened from
//      the disk (file://), and a server that answers the program's address
//      with a page;
//   2. the first load, in Bahasa Indonesia (the app's language setting
//      seeded in the page's storage, where the app keeps it), from a cold
//      cache (a fresh profile): the bytes transferred (target <= 8 MB) and
//      the time to the first board (target <= 5 s), and Indonesian words in
//      the window;
//   3. a scripted Connect Four game with Values on against the Perfect
//      bot: the page's longest main-thread task (Long Tasks API) and the
//      longest wait of a 20 ms timer while it plays (target: no task over
//      200 ms);
//   4. a reload in the middle of the game brings the game back (the game
//      in progress is kept in the page's storage);
//   5. a scripted Othello game against the engine (the Hard level), in a
//      page of another origin (a second port: fresh storage; the program
//      comes from the cache, which is the site's): its first board, and
//      its main-thread tasks (target: none over 200 ms).
// The load it is measured under: one busy process (a shell loop) runs
// beside the browser from the first load to the end, as on a classroom
// machine where one other program keeps a core busy (SMOKE_WEB_BUSY=0:
// none). The time targets assume a machine otherwise idle: when the load
// average was over 1.5 before the test began (other programs running),
// the times are reported but not asserted, and the test says so
// (SMOKE_WEB_ASSERT=1 asserts them anyway).
// Screenshots go to OUTDIR; the figures are printed.
//
// SMOKE_WEB_PROFILE=FILE writes a CPU profile of the page (moves 1 and 2);
// SMOKE_WEB_TRACE=FILE a Chromium trace of the loads and the games, and
// then the CPU time of the program's start (the load-independent figure:
// the wall time is that divided by the share of a core the page got).
//
// usage: node --experimental-websocket scripts/smoke-web.mjs WEBDIR OUTDIR
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const [webDir, outDir] = process.argv.slice(2);
if (!webDir || !outDir) {
  console.error("usage: node --experimental-websocket smoke-web.mjs WEBDIR OUTDIR");
  process.exit(2);
}
// Without Chromium there is nothing to drive: the test says so and passes
// (scripts/smoke-dist installs it).
if (!(process.env.PATH ?? "").split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, "chromium")))) {
  console.log("smoke-web: skipped: no chromium on the PATH (Debian/Ubuntu: apt install chromium)");
  process.exit(0);
}
const width = 1280, height = 800;
const targetBytes = 8e6, targetFirstBoard = 5, targetBlock = 200;
// The load before the test: the time targets hold for an otherwise idle
// machine (see the top).
const loadBefore = os.loadavg()[0];
const assertTimes = loadBefore <= 1.5 || process.env.SMOKE_WEB_ASSERT === "1";
const timeProblems = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = [];
const problems = [];
async function fail(msg) {
  console.error(`smoke-web: ${msg}`);
  if (log.length) console.error("--- the page's console:\n" + log.slice(-40).join("\n"));
  await cleanup();
  process.exit(1);
}

// The web server, as the README's recipe sets one up: each file with its
// MIME type, the .br or .gz copy beside it when the browser accepts that
// encoding, index.html never cached and the versioned files cached for
// good. It counts the bytes it sends. With htmlForWasm set it answers a
// request for a .wasm file with a page, as a misconfigured server does.
const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
  ".png": "image/png", ".txt": "text/plain; charset=utf-8",
};
let sent = 0, htmlForWasm = false;
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = path.join(webDir, name === "/" ? "index.html" : path.normalize(name));
  if (htmlForWasm && file.endsWith(".wasm")) {
    const page = "<!DOCTYPE html><title>Not found</title><p>Page not found</p>";
    sent += page.length;
    res.writeHead(200, { "Content-Type": "text/html" }).end(page);
    return;
  }
  const accept = req.headers["accept-encoding"] ?? "";
  let body = file, encoding = null;
  for (const [enc, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (accept.includes(enc) && fs.existsSync(file + ext)) {
      body = file + ext;
      encoding = enc;
      break;
    }
  }
  fs.readFile(body, (err, data) => {
    if (err) {
      res.writeHead(404).end();
      return;
    }
    const headers = {
      "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
      "Cache-Control": file.endsWith("index.html") ? "no-cache" : "public, max-age=31536000, immutable",
      "Vary": "Accept-Encoding",
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    sent += data.length;
    res.writeHead(200, headers).end(data);
  });
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/`;
// The same files from a second port: another origin, whose storage and
// cache the first page's do not fill (the Othello game's page).
const server2 = http.createServer((req, res) => server.emit("request", req, res));
await new Promise((r) => server2.listen(0, "127.0.0.1", r));
const url2 = `http://127.0.0.1:${server2.address().port}/`;

// Chromium, headless, with a fresh profile and no background traffic.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "smoke-web-"));
const chromium = spawn("chromium", [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--enable-unsafe-swiftshader", // WebGL on the CPU: the app is drawn with WebGL
  "--allow-file-access-from-files=false",
  `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
  "--remote-debugging-port=0", "about:blank",
], { stdio: ["ignore", "ignore", "pipe"], detached: true }); // a process group of its own
// The busy process beside the browser (SMOKE_WEB_BUSY=0: none), started
// before the first load.
let busy = null;
function startBusy() {
  if (process.env.SMOKE_WEB_BUSY === "0" || busy) return;
  busy = spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" });
}
process.on("exit", () => busy?.kill("SIGKILL")); // however the test ends
let chromiumErr = "";
chromium.stderr.on("data", (d) => { chromiumErr += d; });
const exited = new Promise((r) => chromium.on("exit", r));
// cleanup stops Chromium with all its helper processes (which go on
// writing to the profile after the browser itself has exited) and the
// server, and removes the profile.
async function cleanup() {
  try {
    process.kill(-chromium.pid, "SIGTERM");
  } catch {
    chromium.kill();
  }
  await Promise.race([exited, sleep(5000)]);
  try {
    process.kill(-chromium.pid, "SIGKILL");
  } catch {} // the group has ended
  busy?.kill("SIGKILL");
  server.close();
  server2.close();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => fail(`stopped by ${sig}`));

// decodePNG decodes Chromium's screenshots (8-bit RGB or RGBA, not
// interlaced) into { width, height, at(x, y) -> [r, g, b] }.
function decodePNG(buf) {
  let pos = 8, w = 0, h = 0, type = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === "IHDR") {
      w = data.readUInt32BE(0); h = data.readUInt32BE(4); type = data[9];
      if (data[8] !== 8 || data[12] !== 0 || (type !== 2 && type !== 6)) throw new Error("unexpected PNG format");
    } else if (kind === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3, stride = w * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const px = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)], src = y * (stride + 1) + 1, dst = y * stride;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? px[dst + i - bpp] : 0, b = y ? px[dst - stride + i] : 0;
      const c = i >= bpp && y ? px[dst - stride + i - bpp] : 0;
      let v = raw[src + i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      px[dst + i] = v & 0xff;
    }
  }
  return { width: w, height: h, at: (x, y) => { const i = y * stride + x * bpp; return [px[i], px[i + 1], px[i + 2]]; } };
}
const near = (p, q, d) => Math.abs(p[0] - q[0]) <= d && Math.abs(p[1] - q[1]) <= d && Math.abs(p[2] - q[2]) <= d;
const hex = (c) => [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];

// readConnect4 reads a Connect Four board (app/board/palette.go): the
// bounding box of the board's blue, 7x6 cells, each centre a red disc (the
// first player, the human here), a yellow one or empty; over is set when
// the green rings of a winning four show.
function readConnect4(img) {
  const blue = hex(0x1565c0), red = hex(0xd32f2f), yellow = hex(0xfbc02d), win = hex(0x00e676);
  let x0 = img.width, y0 = img.height, x1 = -1, y1 = -1, wins = 0;
  for (let y = 0; y < img.height; y += 2) for (let x = 0; x < img.width; x += 2) {
    const p = img.at(x, y);
    if (near(p, blue, 8)) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    if (near(p, win, 20)) wins++;
  }
  if (x1 - x0 < 100 || y1 - y0 < 100) return null;
  const cw = (x1 - x0) / 7, ch = (y1 - y0) / 6;
  const cols = [];
  let reds = 0, yellows = 0;
  for (let c = 0; c < 7; c++) {
    const col = [];
    for (let r = 0; r < 6; r++) {
      const x = Math.round(x0 + (c + 0.5) * cw), y = Math.round(y0 + (r + 0.5) * ch);
      const p = img.at(x, y);
      const kind = near(p, red, 20) ? "red" : near(p, yellow, 20) ? "yellow" : "empty";
      if (kind === "red") reds++;
      if (kind === "yellow") yellows++;
      col.push({ x, y, kind });
    }
    cols.push(col);
  }
  return { box: [x0, y0, x1, y1], cols, reds, yellows, over: wins > 40 };
}

// readOthello reads an Othello board (app/board/palette.go): the bounding
// box of the board's green, 8x8 cells, each a black disc (the first
// player, the human here), a white one or empty, read a quarter of a cell
// left of its centre (where a change mark, drawn at the centre, is not).
function readOthello(img) {
  const green = hex(0x2e8b3e), black = hex(0x1a1a1a), white = hex(0xf4f4ef);
  let x0 = img.width, y0 = img.height, x1 = -1, y1 = -1;
  for (let y = 0; y < img.height; y += 2) for (let x = 0; x < img.width; x += 2) {
    if (near(img.at(x, y), green, 8)) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  }
  if (x1 - x0 < 100 || y1 - y0 < 100) return null;
  const cw = (x1 - x0) / 8, ch = (y1 - y0) / 8;
  const cells = [];
  let blacks = 0, whites = 0;
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
    const x = Math.round(x0 + (c + 0.5) * cw), y = Math.round(y0 + (r + 0.5) * ch);
    const p = img.at(Math.round(x - cw / 4), y);
    const kind = near(p, black, 24) ? "black" : near(p, white, 24) ? "white" : "empty";
    if (kind === "black") blacks++;
    if (kind === "white") whites++;
    cells.push({ x, y, kind });
  }
  return { box: [x0, y0, x1, y1], cells, blacks, whites };
}

// othelloMoves lists the cells where black may play on board b.
function othelloMoves(b) {
  const at = (r, c) => (r >= 0 && r < 8 && c >= 0 && c < 8 ? b.cells[r * 8 + c].kind : null);
  const moves = [];
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
    if (at(r, c) !== "empty") continue;
    const flips = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]].some(([dr, dc]) => {
      let k = 1;
      while (at(r + k * dr, c + k * dc) === "white") k++;
      return k > 1 && at(r + k * dr, c + k * dc) === "black";
    });
    if (flips) moves.push(b.cells[r * 8 + c]);
  }
  return moves;
}

// longTasks sums up one game's main-thread tasks and timer waits (the
// page's Long Tasks API: tasks of 50 ms and more), prints them and notes
// a task over the target.
function longTasks(game, tasks, gaps) {
  const longest = tasks.reduce((m, [, d]) => Math.max(m, d), 0);
  const gap = gaps.reduce((m, [, d]) => Math.max(m, d), 0);
  const over = tasks.filter(([, d]) => d > targetBlock).length;
  console.log(`smoke-web: ${game}: longest main-thread task ${longest.toFixed(0)} ms ` +
    `(${tasks.length} over 50 ms, ${over} over ${targetBlock} ms); longest wait of a 20 ms timer ${gap.toFixed(0)} ms`);
  if (longest > targetBlock) timeProblems.push(`${game}: a main-thread task of ${longest.toFixed(0)} ms, over ${targetBlock} ms (${over} over)`);
}

async function main() {
  const portFile = path.join(profile, "DevToolsActivePort");
  for (let i = 0; !fs.existsSync(portFile); i++) {
    if (i === 300) await fail(`Chromium did not start:\n${chromiumErr}`);
    await sleep(100);
  }
  const port = fs.readFileSync(portFile, "utf8").split("\n")[0];
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === "page");
  if (!page) await fail("Chromium opened no page");

  // A minimal DevTools protocol client.
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  let nextID = 0, transferred = 0;
  const pending = new Map();
  let traceDone = null; // resolves with the stream of a finished trace
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.method === "Tracing.tracingComplete") {
      traceDone?.(msg.params.stream);
      return;
    }
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      if (!p) return; // answered after its time-out
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result);
    } else if (msg.method === "Runtime.consoleAPICalled") {
      log.push(msg.params.args.map((a) => a.value ?? a.description ?? "").join(" "));
    } else if (msg.method === "Runtime.exceptionThrown") {
      log.push("exception: " + (msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text));
    } else if (msg.method === "Network.loadingFinished") {
      transferred += msg.params.encodedDataLength;
    }
  };
  // send calls a DevTools method; one that gets no answer within a minute
  // (or the seconds given) fails (a page whose thread never comes back
  // cannot take a screenshot or run a script).
  function send(method, params = {}, seconds = 60) {
    const id = ++nextID;
    ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method} got no answer within ${seconds} s: the page's thread is blocked`));
      }, seconds * 1000);
      pending.set(id, {
        resolve: (v) => { clearTimeout(timer); resolve(v); },
        reject: (e) => { clearTimeout(timer); reject(e); },
        method,
      });
    });
  }
  async function evaluate(expression) {
    const { result } = await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    return result.value;
  }
  // shot takes a screenshot. Right after a reload Chromium sometimes never
  // answers one (the page runs on: its own clock and the next screenshot
  // show it); waitBoard then takes another after 10 s, not a minute.
  async function shot(seconds = 60) {
    const { data } = await send("Page.captureScreenshot", { format: "png" }, seconds);
    return Buffer.from(data, "base64");
  }
  // waitBoard polls screenshots every 250 ms until ok(board) holds.
  async function waitBoard(what, seconds, ok, every = 250, read = readConnect4) {
    let png, b;
    for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(every)) {
      try {
        png = await shot(10);
        b = read(decodePNG(png));
      } catch { // the page is still loading
        continue;
      }
      if (b && ok(b)) return { png, board: b };
    }
    if (png) fs.writeFileSync(path.join(outDir, "web-failed.png"), png);
    const seen = !b ? "no board" : read === readConnect4 ? `${b.reds} red, ${b.yellows} yellow` : `${b.blacks} black, ${b.whites} white`;
    await fail(`${what} within ${seconds} s (last seen: ${seen}; web-failed.png)`);
  }
  const shownTexts = () => evaluate("window.boardgamesShownTexts || ''");
  // SMOKE_WEB_TRACE=FILE: a Chromium trace (chrome://tracing or Perfetto's
  // JSON) of the first load and the whole game, with the timeline's
  // categories: what each long task of the page's thread did.
  const traceFile = process.env.SMOKE_WEB_TRACE;
  async function startTrace() {
    await send("Tracing.start", {
      transferMode: "ReturnAsStream",
      traceConfig: {
        recordMode: "recordAsMuchAsPossible",
        includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
          "toplevel", "cc", "v8.execute", "gpu", "blink.user_timing", "loading", "disabled-by-default-v8.cpu_profiler"],
      },
    });
  }
  async function stopTrace() {
    const done = new Promise((r) => { traceDone = r; });
    await send("Tracing.end");
    const stream = await done;
    const out = fs.openSync(traceFile, "w");
    for (;;) {
      const { data, eof, base64Encoded } = await send("IO.read", { handle: stream, size: 1 << 20 });
      fs.writeSync(out, base64Encoded ? Buffer.from(data, "base64") : data);
      if (eof) break;
    }
    fs.closeSync(out);
    await send("IO.close", { handle: stream });
    console.log(`smoke-web: the trace of the load and the game: ${traceFile}`);
  }
  // traceTasks reads the trace back and prints the game's five longest
  // tasks of the page's thread (between the console.timeStamp marks
  // "smoke-game" and "smoke-pause"), each split into the page's program
  // (JavaScript and Go, garbage collection included) and the wait for the
  // GPU process to finish drawing a frame (GLES2::ReadPixels: without a GPU
  // Chromium composites in software and reads each WebGL frame back).
  function traceTasks() {
    const t = JSON.parse(fs.readFileSync(traceFile, "utf8"));
    const events = t.traceEvents ?? t;
    const marks = events.filter((e) => e.name === "TimeStamp" && /^smoke-/.test(e.args?.data?.message)).sort((a, b) => a.ts - b.ts);
    if (!marks.length) return;
    // Each page's own thread (the Othello page may run in another process).
    const thread = (e) => e.pid + ":" + e.tid, mains = new Set(marks.map(thread));
    const windows = [];
    for (const m of marks) {
      if (m.args.data.message === "smoke-game") windows.push([m.ts, Infinity, thread(m)]);
      else if (windows.length) windows.at(-1)[1] = Math.min(windows.at(-1)[1], m.ts);
    }
    const mine = events.filter((e) => e.ph === "X" && mains.has(thread(e))).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const tasks = [];
    const end = new Map();
    for (const e of mine) {
      if (e.name !== "ThreadControllerImpl::RunTask" || e.ts < (end.get(thread(e)) ?? 0)) continue;
      end.set(thread(e), e.ts + e.dur);
      if (windows.some(([a, b, th]) => th === thread(e) && e.ts >= a && e.ts <= b)) tasks.push(e);
    }
    // The program's starts: its first call into the Go program, by far
    // the longest task of a load. Its CPU time does not depend on what
    // else the machine runs; its wall time does.
    for (const e of mine.filter((e) => e.name === "FunctionCall" && e.dur > 500e3 && e.tdur &&
      !windows.some(([a, b, th]) => th === thread(e) && e.ts >= a && e.ts <= b))) {
      console.log(`smoke-web: a task of over 500 ms outside the games (the program's start): ${(e.dur / 1e3).toFixed(0)} ms, ` +
        `of which ${(e.tdur / 1e3).toFixed(0)} ms on the CPU (the page got ${(100 * e.tdur / e.dur).toFixed(0)} % of a core)`);
    }
    // within sums the time inside top spent in events named in names (the
    // outermost, so that nested ones count once).
    const within = (top, ...names) => {
      let sum = 0, last = 0;
      for (const e of mine) {
        if (thread(e) !== thread(top) || e.ts < top.ts || e.ts + e.dur > top.ts + top.dur || !names.includes(e.name) || e.ts < last) continue;
        sum += e.dur;
        last = e.ts + e.dur;
      }
      return sum / 1000;
    };
    const ms = (v) => v.toFixed(0).padStart(4) + " ms";
    console.log("smoke-web: the game's longest tasks (trace): program (JS and Go) + waiting for the frame's software WebGL + other");
    for (const e of tasks.sort((a, b) => b.dur - a.dur).slice(0, 5)) {
      const prog = within(e, "FunctionCall", "RunMicrotasks"), gpu = within(e, "GLES2::ReadPixels");
      const total = e.dur / 1000;
      console.log(`  ${ms(total)} = ${ms(prog)} + ${ms(gpu)} + ${ms(Math.max(0, total - prog - gpu))}`);
    }
  }

  await send("Runtime.enable");
  await send("Page.enable");
  await send("Network.enable");
  await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });

  // 1. The errors a publisher can meet.
  await send("Page.navigate", { url: "file://" + path.resolve(webDir, "index.html") });
  await sleep(1500);
  let err = await evaluate("window.boardgamesLoad && window.boardgamesLoad.error || ''");
  if (!/web server/.test(err)) await fail(`opened from the disk, the page shows no error about a web server (shown: ${JSON.stringify(err)})`);
  fs.writeFileSync(path.join(outDir, "web-file-error.png"), await shot());
  console.log(`smoke-web: opened from the disk, the page says: ${err.slice(0, 90)}…`);
  htmlForWasm = true;
  await send("Page.navigate", { url });
  for (let i = 0; i < 40 && !err.includes("not the WebAssembly"); i++) {
    await sleep(250);
    err = await evaluate("window.boardgamesLoad && window.boardgamesLoad.error || ''");
  }
  htmlForWasm = false;
  if (!err.includes("not the WebAssembly")) await fail(`a page sent for the program shows no clear error (shown: ${JSON.stringify(err)})`);
  console.log(`smoke-web: a page sent for the program, the page says: ${err.slice(0, 90)}…`);

  // 2. The first load, with an empty cache, in Indonesian, Connect Four
  // with Values on, the human (red) first against Perfect.
  await send("Network.clearBrowserCache");
  await send("Page.navigate", { url: "about:blank" });
  await sleep(300);
  // The settings of each origin's page: the first Connect Four with
  // Values on against Perfect; the second Othello against the engine (the
  // Hard level), the human black and first, in both.
  const prefs = {
    [new URL(url).port]: {
      language: "id", game: "connect4", showMoveValues: true, botDelayMs: 0, animate: false,
      "connect4.black.bot": false, "connect4.white.bot": true, "connect4.white.level": "Perfect",
    },
    [new URL(url2).port]: {
      language: "id", game: "othello", showMoveValues: false, botDelayMs: 0, animate: false,
      "othello.black.bot": false, "othello.white.bot": true, "othello.white.level": "Hard",
    },
  };
  await send("Page.addScriptToEvaluateOnNewDocument", {
    source: `
      window.boardgamesSmoke = true;
      if (location.protocol.startsWith("http") && !sessionStorage.getItem("smokeSeeded")) {
        localStorage.clear();
        localStorage.setItem("fyne-preferences.json", JSON.stringify(${JSON.stringify(prefs)}[location.port]));
        sessionStorage.setItem("smokeSeeded", "1");
      }
      window.smokeLongTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.smokeLongTasks.push([e.startTime, e.duration]); })
        .observe({ type: "longtask", buffered: true });
      window.smokeGaps = [];
      let last = performance.now();
      setInterval(() => { const now = performance.now(); window.smokeGaps.push([last, now - last]); last = now; }, 20);
    `,
  });
  if (traceFile) await startTrace();
  startBusy();
  transferred = 0;
  sent = 0;
  const t0 = Date.now();
  await send("Page.navigate", { url });
  // No screenshots while the program loads and starts (each one costs the
  // browser a frame and a PNG, taken from the page's start on 2 cores):
  // they begin when the program's canvas is in the page, every 50 ms.
  for (const end = Date.now() + 120000; Date.now() < end; await sleep(50)) {
    if (await evaluate("!!(window.boardgamesLoad && (window.boardgamesLoad.shown || window.boardgamesLoad.error))")) break;
  }
  const first = await waitBoard("no empty Connect Four board appeared", 120, (b) => b.reds === 0 && b.yellows === 0, 50);
  const firstBoard = (Date.now() - t0) / 1000;
  const load = await evaluate("JSON.stringify(window.boardgamesLoad)");
  const loadTask = (await evaluate("window.smokeLongTasks")).reduce((m, [, d]) => Math.max(m, d), 0);
  fs.writeFileSync(path.join(outDir, "web-start.png"), first.png);
  const mb = (n) => (n / 1e6).toFixed(2) + " MB";
  console.log(`smoke-web: the load: ${busy ? "one busy process beside the browser" : "no busy process (SMOKE_WEB_BUSY=0)"}, ` +
    `the machine's load average before the test ${loadBefore.toFixed(2)} on ${os.cpus().length} cores` +
    (assertTimes ? "" : " (busier than the targets assume: the times are reported, not asserted)"));
  console.log(`smoke-web: first board after ${firstBoard.toFixed(1)} s (target <= ${targetFirstBoard} s); ` +
    `transferred ${mb(transferred)} by the browser's count, ${mb(sent)} sent by the server (target <= ${mb(targetBytes)}); ` +
    `page timings (ms): ${load}; longest task while loading ${loadTask.toFixed(0)} ms (the program's start)`);
  if (firstBoard > targetFirstBoard) timeProblems.push(`first board after ${firstBoard.toFixed(1)} s, over ${targetFirstBoard} s`);
  if (transferred > targetBytes) problems.push(`${mb(transferred)} transferred, over ${mb(targetBytes)}`);

  // The words on screen are Indonesian.
  let texts = "";
  for (let i = 0; i < 20 && !texts; i++, await sleep(500)) texts = await shownTexts();
  const words = ["Baru", "Petunjuk", "Permainan", "Pemain", "Pengaturan"].filter((w) => texts.split("\n").includes(w));
  const english = ["New", "Hint", "Players", "Settings"].filter((w) => texts.split("\n").includes(w));
  if (words.length < 4 || english.length) await fail(`the window is not in Indonesian: found ${words} (Indonesian), ${english} (English)`);
  console.log(`smoke-web: the window speaks Indonesian: ${words.join(", ")} shown`);

  // 3. A scripted game: the human drops in the first column that is not
  // full, from the centre out; Perfect answers; Values on.
  const order = [3, 2, 4, 1, 5, 0, 6];
  let board = first.board, played = 0, reloaded = false;
  // The page's long tasks and timer waits between from and to (its clock).
  const harvest = async (from, to) => ({
    tasks: (await evaluate("window.smokeLongTasks")).filter(([s]) => s >= from && s <= to),
    gaps: (await evaluate("window.smokeGaps")).filter(([s]) => s >= from && s <= to),
  });
  const seenTasks = [], seenGaps = [];
  let gameStart = await evaluate("console.timeStamp('smoke-game'), performance.now()");
  // SMOKE_WEB_PROFILE=FILE: a CPU profile of the page during the game
  // (before the reload), for Chromium's DevTools or a script.
  const profileFile = process.env.SMOKE_WEB_PROFILE;
  if (profileFile) {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 1000 });
    await send("Profiler.start");
  }
  const t1 = Date.now();
  while (!board.over && played < 8) {
    const c = order.find((i) => board.cols[i][0].kind === "empty");
    const cell = board.cols[c].findLast((q) => q.kind === "empty");
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
      await send("Input.dispatchMouseEvent", { type, x: cell.x, y: cell.y, button: "left", clickCount: 1 });
    }
    played++;
    const seen = await waitBoard(`the bot did not answer move ${played} (column ${c + 1})`, 120,
      (b) => (b.reds === played && b.yellows === played) || b.over);
    board = seen.board;
    console.log(`smoke-web: move ${played}: column ${c + 1}, answered (${board.reds} red, ${board.yellows} yellow)${board.over ? ", game over" : ""}`);
    if (played === 1) fs.writeFileSync(path.join(outDir, "web-after-move.png"), seen.png);
    if (played === 2 && !board.over && !reloaded) {
      // 4. Reload in the middle of the game: it comes back.
      reloaded = true;
      if (profileFile) {
        const { profile } = await send("Profiler.stop");
        fs.writeFileSync(profileFile, JSON.stringify(profile));
        console.log(`smoke-web: the page's CPU profile of moves 1 and 2: ${profileFile}`);
      }
      const before = await harvest(gameStart, await evaluate("console.timeStamp('smoke-pause'), performance.now()"));
      seenTasks.push(...before.tasks);
      seenGaps.push(...before.gaps);
      await send("Page.reload");
      const back = await waitBoard("the game did not come back after a reload", 180, (b) => b.reds === 2 && b.yellows === 2);
      board = back.board;
      gameStart = await evaluate("console.timeStamp('smoke-game'), performance.now()"); // the new page's clock; its loading is not the game
      const t = await shownTexts();
      console.log(`smoke-web: reloaded after 2 moves each: the game is back (2 red, 2 yellow)` +
        (t.includes("Selamat datang kembali") ? ", \"Selamat datang kembali\" in the status line" : ""));
    }
  }
  const gameEnd = await evaluate("console.timeStamp('smoke-pause'), performance.now()");
  fs.writeFileSync(path.join(outDir, "web-game.png"), await shot());
  const after = await harvest(gameStart, gameEnd);
  console.log(`smoke-web: played ${played} moves against Perfect with Values on in ${((Date.now() - t1) / 1000).toFixed(1)} s` +
    `${board.over ? " (the game ended)" : ""}`);
  longTasks("Connect Four against Perfect, Values on", [...seenTasks, ...after.tasks], [...seenGaps, ...after.gaps]);

  // 5. Othello against the engine, in a page of the second origin (its own
  // storage; the browser's cache, which it shares with the first page's
  // site, has the program already compiled): the human (black) plays the
  // first legal move in reading order, the engine answers.
  const t2 = Date.now();
  await send("Page.navigate", { url: url2 });
  for (const end = Date.now() + 120000; Date.now() < end; await sleep(50)) {
    if (await evaluate("!!(window.boardgamesLoad && (window.boardgamesLoad.shown || window.boardgamesLoad.error))")) break;
  }
  let oth = (await waitBoard("no Othello board at the start appeared", 120, (b) => b.blacks === 2 && b.whites === 2, 50, readOthello)).board;
  const othFirst = (Date.now() - t2) / 1000;
  console.log(`smoke-web: Othello's page (another origin; the program from the cache): first board after ${othFirst.toFixed(1)} s`);
  gameStart = await evaluate("console.timeStamp('smoke-game'), performance.now()");
  const t3 = Date.now();
  let moves = 0;
  for (; moves < 8; moves++) {
    const legal = othelloMoves(oth);
    if (!legal.length) break; // a pass: the opening moves here never need one
    const cell = legal[0], discs = oth.blacks + oth.whites;
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
      await send("Input.dispatchMouseEvent", { type, x: cell.x, y: cell.y, button: "left", clickCount: 1 });
    }
    oth = (await waitBoard(`the engine did not answer Othello move ${moves + 1}`, 120,
      (b) => b.blacks + b.whites === discs + 2, 250, readOthello)).board;
  }
  const othEnd = await evaluate("console.timeStamp('smoke-pause'), performance.now()");
  fs.writeFileSync(path.join(outDir, "web-othello.png"), await shot());
  if (moves < 4) await fail(`only ${moves} Othello moves were played (no legal move read from the board)`);
  console.log(`smoke-web: played ${moves} Othello moves against the engine in ${((Date.now() - t3) / 1000).toFixed(1)} s ` +
    `(${oth.blacks} black, ${oth.whites} white)`);
  const oh = await harvest(gameStart, othEnd);
  longTasks("Othello against the engine", oh.tasks, oh.gaps);
  if (traceFile) {
    await stopTrace();
    traceTasks();
  }
  fs.writeFileSync(path.join(outDir, "web-console.log"), log.join("\n") + "\n");
}

try {
  await main();
} catch (err) {
  await fail(err.message);
}
await cleanup();
if (timeProblems.length && !assertTimes) {
  console.log(`smoke-web: time targets missed on a machine busier than they assume (load ${loadBefore.toFixed(2)} before the test), not asserted: ` +
    timeProblems.join("; "));
} else problems.push(...timeProblems);
if (problems.length) {
  console.error("smoke-web: targets missed: " + problems.join("; "));
  process.exit(1);
}
process.exit(0);
