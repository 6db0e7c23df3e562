#!/usr/bin/env python3
"""A misbehaving HTTP server on 127.0.0.1, for the fault-matrix tests.

httpbin answers like a correct server; this one does what correct servers do not. The first
path segment names the misbehaviour, whatever follows it (so a client with a base URL of
http://127.0.0.1:PORT/close-mid-body sends every request to that fault):

  /close-mid-body      200, Content-Length N, sends N/2 bytes of JSON, closes
  /close-mid-chunked   200, chunked, sends one chunk, closes without the last chunk
  /hang-after-headers  200 and its headers (Content-Length announced), then no body
  /hang                reads the request and never answers
  /drip                200 and its headers (Content-Length 1 MB), then one byte every 200 ms, until the
                       client goes away: never silent for long, never finished
  /empty-reply         reads the request and closes without a byte
  /reset               reads the request and resets the connection (RST)
  /garbage             answers with bytes that are not HTTP
  /invalid-json        200 application/json whose body is not JSON
  /truncated-json      200 application/json, honest length, JSON cut short
  /json-as-html        200 text/html whose body is valid JSON
  /html-as-json        200 application/json whose body is an HTML page
  /retry-after-far     429 with Retry-After: 86400 (seconds)
  /retry-after-date    429 with Retry-After an HTTP date a year ahead
  /redirect-loop       302 to itself, forever
  /storm/STATUS        STATUS with a JSON error body, for storms of concurrent failures

Usage: faulty-server.py [--port PORT]
Prints "PORT <port>" on stdout once it listens (port 0 picks a free one), and exits when its
standard input closes, so a test process that started it cannot leave it behind, however that
process ends. Python standard library only.
"""

import argparse
import email.utils
import http.server
import json
import socket
import socketserver
import struct
import sys
import threading
import time

PRODUCTS = json.dumps(
    {"products": [{"id": i, "title": f"Product {i}", "price": 10.0} for i in range(1, 21)],
     "total": 20, "skip": 0, "limit": 20}).encode()
HTML = b"<!doctype html><html><body><h1>Service unavailable</h1></body></html>"
STOP = threading.Event()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "faulty-server/1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.read_body()
        segments = [s for s in self.path.split("?")[0].split("/") if s]
        fault = segments[0] if segments else ""
        action = getattr(self, "fault_" + fault.replace("-", "_"), None)
        if action is None:
            self.answer(404, "application/json", json.dumps({"message": f"no fault named {fault!r}"}).encode())
        else:
            action(segments[1:])

    do_POST = do_PUT = do_PATCH = do_DELETE = do_GET

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)

    def answer(self, status, content_type, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def close_now(self):
        self.close_connection = True
        self.wfile.flush()
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def hold_open(self):
        """Keeps the connection open until the client goes away or the server stops."""
        self.connection.settimeout(0.2)
        while not STOP.is_set():
            try:
                if not self.connection.recv(4096):
                    break
            except socket.timeout:
                continue
            except OSError:
                break
        self.close_connection = True

    # Faults of the connection.

    def fault_close_mid_body(self, _):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(PRODUCTS)))
        self.end_headers()
        self.wfile.write(PRODUCTS[: len(PRODUCTS) // 2])
        self.close_now()

    def fault_close_mid_chunked(self, _):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        half = PRODUCTS[: len(PRODUCTS) // 2]
        self.wfile.write(b"%x\r\n%s\r\n" % (len(half), half))
        self.close_now()

    def fault_hang_after_headers(self, _):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(PRODUCTS)))
        self.end_headers()
        self.wfile.flush()
        self.hold_open()

    def fault_hang(self, _):
        self.hold_open()

    def fault_drip(self, _):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(1024 * 1024))
        self.end_headers()
        self.wfile.flush()
        while not STOP.wait(0.2):
            try:
                self.wfile.write(b" ")
                self.wfile.flush()
            except OSError:
                break
        self.close_connection = True

    def fault_empty_reply(self, _):
        self.close_now()

    def fault_reset(self, _):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        self.connection.close()

    def fault_garbage(self, _):
        self.wfile.write(b"THIS IS NOT HTTP\r\n\r\n\x00\x01\x02")
        self.close_now()

    # Faults of the content.

    def fault_invalid_json(self, _):
        self.answer(200, "application/json", b'{"products": [1, 2,, }')

    def fault_truncated_json(self, _):
        self.answer(200, "application/json", PRODUCTS[: len(PRODUCTS) // 2])

    def fault_json_as_html(self, _):
        self.answer(200, "text/html; charset=utf-8", PRODUCTS)

    def fault_html_as_json(self, _):
        self.answer(200, "application/json", HTML)

    # Faults of the protocol.

    def fault_retry_after_far(self, _):
        body = json.dumps({"message": "Too many requests"}).encode()
        self.answer(429, "application/json", body, [("Retry-After", "86400")])

    def fault_retry_after_date(self, _):
        date = email.utils.formatdate(time.time() + 365 * 24 * 3600, usegmt=True)
        body = json.dumps({"message": "Too many requests"}).encode()
        self.answer(429, "application/json", body, [("Retry-After", date)])

    def fault_redirect_loop(self, _):
        self.send_response(302)
        self.send_header("Location", self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def fault_storm(self, rest):
        status = int(rest[0]) if rest and rest[0].isdigit() else 500
        body = json.dumps({"message": f"storm {status}"}).encode()
        headers = [("Retry-After", "1")] if status == 429 else []
        self.answer(status, "application/json", body, headers)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    server = Server(("127.0.0.1", arguments.port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        # Until the parent closes our standard input (or sends EOF), however it ends.
        while sys.stdin.buffer.read(4096):
            pass
    except KeyboardInterrupt:
        pass
    STOP.set()
    server.shutdown()


if __name__ == "__main__":
    main()
