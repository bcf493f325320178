/**
 * highlight.js's HTML cut into one piece per line, each piece balanced: a token that spans lines
 * (a block comment, a template string) is closed at the end of each line and opened again on the
 * next, so every line can be its own element. The input is highlight.js's output (escaped text and
 * `<span class="…">` / `</span>` only); nothing else is added.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  const tokens = /<span[^>]*>|<\/span>|\r\n|\n|\r|[^<\r\n]+|</g;
  for (let match = tokens.exec(html); match; match = tokens.exec(html)) {
    const token = match[0];
    if (token.startsWith('<span')) {
      open.push(token);
      current += token;
    } else if (token === '</span>') {
      open.pop();
      current += token;
    } else if (token === '\n' || token === '\r\n' || token === '\r') {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else current += token;
  }
  lines.push(current + '</span>'.repeat(open.length));
  return lines;
}
