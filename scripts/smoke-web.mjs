// Smoke test of the browser build, run by scripts/smoke-dist: serves the
// folder of static files on 127.0.0.1, opens it in headless Chromium and
// drives the page through the DevTools protocol (Node's WebSocket, no npm
// package). It waits for the Othello board (Fyne draws the whole app on one
// WebGL canvas, so the board is found in screenshots by its colour),
// clicks a legal move of Black, the human seat, and waits for White, the
// Medium bot, to answer: 2+2 discs, then 4+1 after the click, then 3+3
// after the bot's move. Screenshots go to OUTDIR.
//
// usage: node --experimental-websocket scripts/smoke-web.mjs WEBDIR OUTDIR
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const [webDir, outDir] = process.argv.slice(2);
if (!webDir || !outDir) {
  console.error("usage: node --experimental-websocket smoke-web.mjs WEBDIR OUTDIR");
  process.exit(2);
}
const width = 1280, height = 800;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = [];
async function fail(msg) {
  console.error(`smoke-web: ${msg}`);
  if (log.length) console.error("--- the page's console:\n" + log.slice(-40).join("\n"));
  await cleanup();
  process.exit(1);
}

// The web server: static files with the MIME types browsers insist on
// (application/wasm for WebAssembly.instantiateStreaming).
const types = {
  ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".css": "text/css", ".png": "image/png", ".gif": "image/gif",
};
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = path.join(webDir, name === "/" ? "index.html" : path.normalize(name));
  fs.readFile(file, (err, data) => {
    if (err) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": types[path.extname(file)] ?? "application/octet-stream" });
    res.end(data);
  });
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/`;

// Chromium, headless, with a fresh profile and no background traffic.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "smoke-web-"));
const chromium = spawn("chromium", [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--enable-unsafe-swiftshader", // WebGL on the CPU: the app is drawn with WebGL
  `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
  "--remote-debugging-port=0", "about:blank",
], { stdio: ["ignore", "ignore", "pipe"], detached: true }); // a process group of its own
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
  server.close();
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => fail(`stopped by ${sig}`));

// main drives the page; any error on the way fails the test and still
// stops Chromium.
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
  let nextID = 0;
  const pending = new Map();
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result);
    } else if (msg.method === "Runtime.consoleAPICalled") {
      log.push(msg.params.args.map((a) => a.value ?? a.description ?? "").join(" "));
    } else if (msg.method === "Runtime.exceptionThrown") {
      log.push("exception: " + (msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text));
    }
  };
  function send(method, params = {}) {
    const id = ++nextID;
    ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
  }

  // board takes a screenshot and reads the Othello board in it: the
  // bounding box of the green cells, split 8x8, each cell's centre
  // classified as a black disc, a white disc, a legal-move dot or empty.
  // The decoding runs in the page, which has a PNG decoder.
  async function board() {
    const shot = await send("Page.captureScreenshot", { format: "png" });
    const { result } = await send("Runtime.evaluate", {
      awaitPromise: true, returnByValue: true,
      expression: `(async () => {
        const img = new Image();
        img.src = "data:image/png;base64,${shot.data}";
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width; c.height = img.height;
        const g = c.getContext("2d");
        g.drawImage(img, 0, 0);
        const px = g.getImageData(0, 0, c.width, c.height).data;
        const at = (x, y) => { const i = 4 * (y * c.width + x); return [px[i], px[i + 1], px[i + 2]]; };
        const near = (p, q, d) => Math.abs(p[0] - q[0]) <= d && Math.abs(p[1] - q[1]) <= d && Math.abs(p[2] - q[2]) <= d;
        const cell = [0x2e, 0x8b, 0x3e];
        let x0 = c.width, y0 = c.height, x1 = -1, y1 = -1;
        for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) {
          if (near(at(x, y), cell, 10)) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
        }
        if (x1 - x0 < 80 || y1 - y0 < 80) return null;
        const cw = (x1 - x0 + 1) / 8, ch = (y1 - y0 + 1) / 8;
        const cells = [];
        for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) {
          const x = Math.round(x0 + (f + 0.5) * cw), y = Math.round(y0 + (r + 0.5) * ch);
          const p = at(x, y);
          const lum = (p[0] + p[1] + p[2]) / 3;
          const kind = near(p, cell, 12) ? "empty" : lum < 50 ? "black" : lum > 200 ? "white" : p[1] > p[0] + 20 ? "dot" : "other";
          cells.push({ x, y, kind });
        }
        const count = (k) => cells.filter((q) => q.kind === k).length;
        return { box: [x0, y0, x1, y1], cells, black: count("black"), white: count("white"), dots: count("dot") };
      })()`,
    });
    return { png: shot.data, board: result.value };
  }

  async function waitFor(what, seconds, ok) {
    let last;
    for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(1000)) {
      let seen;
      try {
        seen = await board();
      } catch (err) { // the page is still loading: look again
        continue;
      }
      last = seen;
      if (last.board && ok(last.board)) return last;
    }
    if (last) fs.writeFileSync(path.join(outDir, "web-failed.png"), Buffer.from(last.png, "base64"));
    await fail(`${what} within ${seconds} s (last seen: ${JSON.stringify(last?.board && { black: last.board.black, white: last.board.white, dots: last.board.dots })}; screenshot web-failed.png)`);
  }

  await send("Runtime.enable");
  await send("Page.enable");
  await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
  const t0 = Date.now();
  await send("Page.navigate", { url });
  const start = await waitFor("no Othello board with 2 black and 2 white discs appeared", 240,
    (b) => b.black === 2 && b.white === 2 && b.dots === 4);
  fs.writeFileSync(path.join(outDir, "web-start.png"), Buffer.from(start.png, "base64"));
  console.log(`smoke-web: board shown after ${((Date.now() - t0) / 1000).toFixed(1)} s, ` +
    `at ${start.board.box.join(",")}: 2 black, 2 white, 4 legal moves`);

  const move = start.board.cells.find((c) => c.kind === "dot");
  for (const type of ["mouseMoved", "mousePressed", "mouseReleased"]) {
    await send("Input.dispatchMouseEvent", { type, x: move.x, y: move.y, button: "left", clickCount: 1 });
  }
  const t1 = Date.now();
  const after = await waitFor("the bot did not answer the click (3 black and 3 white discs)", 120,
    (b) => b.black === 3 && b.white === 3);
  fs.writeFileSync(path.join(outDir, "web-after-move.png"), Buffer.from(after.png, "base64"));
  console.log(`smoke-web: clicked at ${move.x},${move.y}; the bot answered within ` +
    `${((Date.now() - t1) / 1000).toFixed(1)} s: 3 black, 3 white discs`);
  fs.writeFileSync(path.join(outDir, "web-console.log"), log.join("\n") + "\n");
}

try {
  await main();
} catch (err) {
  await fail(err.message);
}
await cleanup();
process.exit(0);
