import {
  essence,
  extensionForMimeType,
  fileExtension,
  isActiveContentType,
  isOfficeDocument,
  mimeTypeForFilename,
  isScriptContentType,
  nonScriptContentType,
} from './mime-types';

describe('mimeTypeForFilename', () => {
  // A file name and the type it is given.
  const TYPE_OF_NAME = {
    'photo.JPG': 'image/jpeg',
    'a/b/clip.mp4': 'video/mp4',
    'song.flac': 'audio/flac',
    'doc.pdf': 'application/pdf',
    'README.md': 'text/markdown',
    'main.py': 'text/x-python',
    'page.html': 'text/html',
    'report.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'sheet.xls': 'application/vnd.ms-excel',
    'backup.tar.gz': 'application/gzip',
    'archive.7z': 'application/x-7z-compressed',
    'icon.svg': 'image/svg+xml',
  };

  it.each(Object.entries(TYPE_OF_NAME))('%s → %s', (name, type) => {
    expect(mimeTypeForFilename(name)).toBe(type);
  });

  it.each(['data.unknownext', 'Makefile', '.bashrc'])(
    'falls back to application/octet-stream for %j (unknown, missing or dotfile extension)',
    (name) => {
      expect(mimeTypeForFilename(name)).toBe('application/octet-stream');
    },
  );

  it('takes no extension from a dot in a folder name', () => {
    expect(fileExtension('dir.v2/file')).toBe('');
  });
});

describe('MIME helpers', () => {
  it('recognises Office documents by extension or type', () => {
    expect(isOfficeDocument('a.pptx')).toBe(true);
    expect(isOfficeDocument('a.ODS')).toBe(true);
    expect(isOfficeDocument('blob', 'application/msword')).toBe(true);
    expect(isOfficeDocument('a.pdf', 'application/pdf')).toBe(false);
  });

  it('reduces content types to their essence and maps them back to extensions', () => {
    expect(essence(' Text/HTML ; charset=UTF-8')).toBe('text/html');
    expect(essence('garbage')).toBe('');
    expect(extensionForMimeType('image/jpeg')).toBe('jpg');
    expect(extensionForMimeType('application/pdf; x=y')).toBe('pdf');
    expect(extensionForMimeType('application/x-unknown')).toBeUndefined();
  });
});

describe('script types', () => {
  it.each([
    'text/javascript',
    'application/javascript; charset=utf-8',
    'application/x-javascript',
    'text/ecmascript',
    'text/javascript1.5',
    'TEXT/JScript',
  ])('knows %j as a script type and serves it as text', (type) => {
    expect(isScriptContentType(type)).toBe(true);
    expect(nonScriptContentType(type)).toBe('text/plain; charset=utf-8');
  });

  it.each(['text/plain', 'application/json', 'text/html', 'application/octet-stream'])('leaves %j alone', (type) => {
    expect(isScriptContentType(type)).toBe(false);
    expect(nonScriptContentType(type)).toBe(type);
  });
});

describe('isActiveContentType, the one definition of active content', () => {
  it.each([
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['application/xhtml+xml', true],
    ['image/svg+xml', true],
    ['text/xml', true],
    ['application/xml', true],
    ['application/rss+xml', true],
    ['application/atom+xml', true],
    ['application/mathml+xml; charset=utf-8', true],
    ['application/xslt+xml', true],
    ['text/javascript', true],
    ['application/javascript', true],
    ['application/x-javascript', true],
    ['text/javascript1.5', true],
    ['text/ecmascript', true],
    ['application/ecmascript', true],
    ['application/x-ecmascript', true],
    ['text/jscript', true],
    ['text/livescript', true],
    ['text/plain', false],
    ['text/plain; charset=utf-8', false],
    ['text/css', false],
    ['text/markdown', false],
    ['application/json', false],
    ['application/ld+json', false],
    ['application/octet-stream', false],
    ['application/pdf', false],
    ['image/png', false],
    ['video/mp4', false],
    ['', false],
    [null, false],
    [undefined, false],
    ['garbage', false],
  ])('%j → %s', (type, active) => {
    expect(isActiveContentType(type)).toBe(active);
  });
});
