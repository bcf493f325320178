/**
 * An XMLHttpRequest stand-in for tests of the kernel's upload transport: it records what was sent,
 * and the test decides when the upload progresses and what the server answers.
 */
import { act } from '@testing-library/react';

type ProgressHandler = (event: { loaded: number; total: number; lengthComputable: boolean }) => void;

export class FakeXhr {
  /** Every request sent since the last reset, oldest first. */
  static sent: FakeXhr[] = [];
  /** The request sent most recently (null after a reset). */
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  aborted = false;
  upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  /** Answers with `body` as JSON (an envelope, usually) and HTTP `status`. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** Puts FakeXhr in place of XMLHttpRequest for each test of the calling file, with no request sent yet. */
export function installFakeXhr(): void {
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.last = null;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });
}
