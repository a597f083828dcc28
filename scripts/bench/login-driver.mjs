// The login side of mixed.mjs, forked in its own process (IPC messages `verifier`, `start`, `stop`,
// answered by `verifier` and `result`) so autocannon's busy loop delays neither the logins nor its
// reCAPTCHA stand-in, which accepts every token.
import http from "node:http";

const verifier = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ success: true }));
  });
});

const stats = { sent: 0, latencies: [], failures: 0 };
let timer;

function sendLogins({ base, accounts, perSecond, password }) {
  if (!(perSecond > 0)) return;
  let next = 0;
  // Spread over the second rather than in one burst, as logins from many people arrive.
  const gap = 1000 / perSecond;
  timer = setInterval(() => {
    const email = accounts[next++ % accounts.length];
    const started = performance.now();
    stats.sent++;
    // As the login form does it (a fetcher: the action's answer only, no page rendered).
    fetch(`${base}/masuk.data`, {
      method: "POST",
      body: new URLSearchParams({ email, password, captcha: "token", mode: "fetch" }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) stats.failures++;
        else stats.latencies.push(performance.now() - started);
      })
      .catch(() => stats.failures++);
  }, gap);
}

process.on("message", async (message) => {
  if (message.type === "verifier") {
    verifier.listen(0, "127.0.0.1", () => {
      process.send({ type: "verifier", url: `http://127.0.0.1:${verifier.address().port}/siteverify` });
    });
  } else if (message.type === "start") {
    sendLogins(message);
  } else if (message.type === "stop") {
    clearInterval(timer);
    // Logins in flight get a few seconds to finish; the ones that never answer are reported as such.
    for (let i = 0; i < 50 && stats.latencies.length + stats.failures < stats.sent; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    process.send({ type: "result", ...stats });
    verifier.close();
    process.disconnect();
  }
});
