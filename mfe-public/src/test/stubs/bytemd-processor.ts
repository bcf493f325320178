/** Test stand-in for bytemd's `getProcessor`: escapes the text into one paragraph per block. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function getProcessor() {
  return {
    processSync(source: string) {
      const html = source
        .split(/\n{2,}/)
        .filter((block) => block.trim())
        .map((block) => {
          const heading = /^(#{1,6})\s+(.*)$/.exec(block.trim());
          if (heading) return `<h${heading[1]!.length}>${escape(heading[2]!)}</h${heading[1]!.length}>`;
          return `<p>${escape(block)}</p>`;
        })
        .join('\n');
      return { toString: () => html };
    },
  };
}
