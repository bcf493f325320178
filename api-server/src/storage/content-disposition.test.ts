import { contentDisposition } from './content-disposition';

describe('Content-Disposition', () => {
  it('keeps a plain ASCII name as a quoted filename', () => {
    expect(contentDisposition('attachment', 'report 2025.pdf')).toBe('attachment; filename="report 2025.pdf"');
  });

  it('adds a UTF-8 filename* and an ASCII fallback for other names, escaping quotes', () => {
    expect(contentDisposition('inline', '报告 "v2".txt')).toBe(
      `inline; filename="__ _v2_.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%22v2%22.txt`,
    );
  });

  it('is the bare type without a name', () => {
    expect(contentDisposition('inline', undefined)).toBe('inline');
  });
});
