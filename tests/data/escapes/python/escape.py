"""The escape tries in Python: ``escape.py TRY VALUE`` (tests/helpers/escapes.py)."""
import os
import signal
import socket
import sys
import time

try_, value = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else ""
try:
    if try_ == "write":
        with open(value, "a") as f:
            f.write("x\n")
    elif try_ == "read":
        with open(value) as f:
            print(f.read())
    elif try_ == "connect":
        socket.create_connection(("127.0.0.1", int(value)), timeout=5).close()
    elif try_ == "daemon":
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.closerange(0, 3)
                os.execvp("sleep", ["sleep", value])
            os._exit(0)
        os.wait()
    elif try_ == "fork":
        while True:
            if os.fork() == 0:
                while True:
                    signal.pause()
    elif try_ == "allocate":
        block = bytearray(8 * 1024 ** 3)
        block[::4096] = b"x" * len(block[::4096])
    elif try_ == "disk":
        block = b"x" * (1 << 20)
        for n in range(10 ** 9):
            with open(f"{value}{n}.bin", "wb") as f:
                for _ in range(16):
                    f.write(block)
    elif try_ == "sleep":
        time.sleep(10 ** 6)
    elif try_ == "print":
        while True:
            print("x" * 48)
except (OSError, MemoryError) as error:
    print("ERR", type(error).__name__, error)
    sys.exit(1)
print("done")
