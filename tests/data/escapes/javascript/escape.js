// The escape tries in JavaScript (Node.js): `escape.js TRY VALUE` (tests/helpers/escapes.py).
"use strict";
const fs = require("fs");
const net = require("net");
const { spawn, spawnSync } = require("child_process");

const [tryName, value = ""] = process.argv.slice(2);

function fail(error) {
  console.log(`ERR ${error.message}`);
  process.exit(1);
}

function done() {
  console.log("done");
}

try {
  switch (tryName) {
    case "write":
      fs.appendFileSync(value, "x\n");
      done();
      break;
    case "read":
      console.log(fs.readFileSync(value, "utf8"));
      done();
      break;
    case "connect": {
      const socket = net.connect(Number(value), "127.0.0.1", () => { socket.destroy(); done(); });
      socket.on("error", fail);
      break;
    }
    case "daemon": {
      const started = spawnSync("setsid", ["-f", "sleep", value], { stdio: "ignore" });
      if (started.error) fail(started.error);
      done();
      break;
    }
    case "fork":
      for (;;) spawn("sleep", [value], { stdio: "ignore" });
    case "allocate": {
      const kept = [];
      for (let i = 0; i < 8; i++) kept.push(Buffer.alloc(1 << 30, 1));
      done();
      break;
    }
    case "disk": {
      const block = Buffer.alloc(1 << 20, "x");
      for (let n = 0; ; n++) {
        const fd = fs.openSync(`${value}${n}.bin`, "w");
        for (let i = 0; i < 16; i++) fs.writeSync(fd, block);
        fs.closeSync(fd);
      }
    }
    case "sleep":
      setInterval(() => {}, 1 << 30);
      break;
    case "print": {
      const line = "x".repeat(48) + "\n";
      for (;;) fs.writeSync(1, line);
    }
    default:
      fail(new Error(tryName));
  }
} catch (error) {
  fail(error);
}
