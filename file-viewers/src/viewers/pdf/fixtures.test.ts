/**
 * The fixture PDFs read by the real pdf.js (the library the viewer ships), in a Node process of its
 * own: jsdom cannot run pdf.js, and the viewer's other tests mock it at its edge.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pdfText, SAMPLE_PAGE_TEXTS, samplePdf } from '../../../fixtures/pdf.mjs';

const script = `
Promise.withResolvers ??= () => { let resolve, reject; const promise = new Promise((a, b) => { resolve = a; reject = b; }); return { promise, resolve, reject }; };
const fixtures = await import(process.env.FIXTURES);
const pdfjs = await import(process.env.PDFJS);
async function read(data, password) {
  const doc = await pdfjs.getDocument({ data, password, verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    pages.push((await page.getTextContent()).items.map((item) => item.str).join(''));
  }
  return pages;
}
const failure = (promise) => promise.then(() => null, (error) => ({ name: error.name, code: error.code ?? null }));
const result = {
  sample: await read(fixtures.samplePdf()),
  hundred: await read(fixtures.pdfWithPages(100)),
  encrypted: await read(fixtures.encryptedPdf(), fixtures.SAMPLE_PASSWORD),
  noPassword: await failure(read(fixtures.encryptedPdf())),
  wrongPassword: await failure(read(fixtures.encryptedPdf(), 'wrong')),
  damaged: await failure(read(fixtures.damagedPdf())),
};
process.stdout.write(JSON.stringify(result));
`;

type Failure = { name: string; code: number | null } | null;
let result: { sample: string[]; hundred: string[]; encrypted: string[]; noPassword: Failure; wrongPassword: Failure; damaged: Failure };

beforeAll(() => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      FIXTURES: pathToFileURL(path.join(__dirname, '../../../fixtures/pdf.mjs')).href,
      PDFJS: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  result = JSON.parse(output);
}, 60_000);

describe('PDF fixtures, as pdf.js reads them', () => {
  it('the sample has three pages with their known text', () => {
    expect(result.sample).toEqual(SAMPLE_PAGE_TEXTS);
  });

  it('pdfWithPages(100) has 100 pages, each saying which it is', () => {
    expect(result.hundred).toHaveLength(100);
    expect(result.hundred[0]).toContain('Page 1 of 100');
    expect(result.hundred[99]).toContain('Page 100 of 100');
  });

  it('the encrypted sample opens with its password only (1: password needed, 2: wrong password)', () => {
    expect(result.encrypted).toEqual(SAMPLE_PAGE_TEXTS);
    expect(result.noPassword).toEqual({ name: 'PasswordException', code: 1 });
    expect(result.wrongPassword).toEqual({ name: 'PasswordException', code: 2 });
  });

  it('the damaged file is rejected as an invalid PDF', () => {
    expect(result.damaged).toMatchObject({ name: 'InvalidPDFException' });
  });

  it('the writer produces a classic cross-reference table that points at the objects', () => {
    const text = pdfText(samplePdf());
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const firstOffset = Number(/\n0000000000 65535 f \n(\d{10})/.exec(text)![1]);
    expect(text.slice(firstOffset, firstOffset + 7)).toBe('1 0 obj');
  });
});
