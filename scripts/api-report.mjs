// The export snapshot ("API report") of a workspace package, checked against the code.
//
//   node scripts/api-report.mjs <package-dir> [--update] [--force]
//   node scripts/api-report.mjs --all [--update] [--force]     every package with an api-report.json
//
// Lists every name exported from the package's entry (src/index.ts, re-exports followed) with its kind
// and its signature as printed by the TypeScript checker, plus the package.json version it was
// recorded at, in <package-dir>/api-report.json. The check fails when the exports differ from the
// report and says which version bump they need (scripts/api-report-lib.mjs); --update rewrites the
// report once the version is bumped enough (--force: regardless, for a change that is not one).
// TypeScript is the package's own (its devDependency), with the package's tsconfig.json.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReport, compareVersions, diffReports, describeDiff, changeLevel, minimumVersion } from './api-report-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
export const REPORT_FILE = 'api-report.json';
const MAX_DEPTH = 8;

/** The entry whose exports are the package's API: src/index.ts, else package.json `types`/`main`. */
function entryOf(packageDir, packageJson) {
  for (const candidate of ['src/index.ts', 'src/index.tsx', packageJson.types, packageJson.main]) {
    if (candidate && /\.tsx?$/.test(candidate) && existsSync(path.join(packageDir, candidate))) return candidate;
  }
  throw new Error(`${packageJson.name}: no TypeScript entry (src/index.ts or package.json "types")`);
}

function quoteName(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name.replace(/'/g, "\\'")}'`;
}

/**
 * Builds the report of one package.
 * @param {string} packageDir
 */
export function buildReport(packageDir) {
  const packageJson = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const entry = entryOf(packageDir, packageJson);
  const packageRequire = createRequire(path.join(packageDir, 'package.json'));
  let ts;
  try {
    ts = packageRequire('typescript');
  } catch {
    throw new Error(`${packageJson.name}: typescript is not installed in ${packageDir} (add it to devDependencies)`);
  }
  const configFile = path.join(packageDir, 'tsconfig.json');
  let options = {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
  };
  if (existsSync(configFile)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    if (parsed) options = parsed.options;
  }
  const entryFile = path.join(packageDir, entry);
  const program = ts.createProgram({ rootNames: [entryFile], options: { ...options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${packageJson.name}: ${entry} is not a module`);

  // Types are printed through type nodes so that union members can be sorted: the checker orders
  // them by internal type id, which depends on the order files happen to be checked in.
  const N = ts.NodeBuilderFlags;
  const NODE_FLAGS = N.NoTruncation | N.UseAliasDefinedOutsideCurrentScope | N.IgnoreErrors;
  const printer = ts.createPrinter({ removeComments: true });
  const scratch = ts.createSourceFile('api-report.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const text = (node) => printer.printNode(ts.EmitHint.Unspecified, node, scratch).replace(/\s+/g, ' ').trim();
  const NULLISH = new Set(['null', 'undefined']);
  const unionOrder = (a, b) => Number(NULLISH.has(a)) - Number(NULLISH.has(b)) || (a < b ? -1 : a > b ? 1 : 0);
  const sortUnions = (node) => {
    const visited = ts.visitEachChild(node, sortUnions, ts.nullTransformationContext);
    if (!ts.isUnionTypeNode(visited)) return visited;
    const members = visited.types.map((member) => [text(member), member]).sort(([a], [b]) => unionOrder(a, b));
    return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray(members.map(([, member]) => member)));
  };
  const printNode = (node) => (node ? text(sortUnions(node)) : 'unknown');
  const print = (type, enclosing, flags = 0) => printNode(checker.typeToTypeNode(type, enclosing, NODE_FLAGS | flags));
  const printSignature = (signature) =>
    printNode(checker.signatureToSignatureDeclaration(signature, ts.SyntaxKind.FunctionType, undefined, NODE_FLAGS));
  const typeParameters = (symbol) => {
    const declaration = symbol.declarations?.find((node) => node.typeParameters);
    return declaration ? `<${declaration.typeParameters.map((node) => node.getText().replace(/\s+/g, ' ')).join(', ')}>` : '';
  };

  const isPublic = (symbol) => {
    if (symbol.escapedName.toString().startsWith('__#')) return false;
    const flags = ts.getDeclarationModifierFlagsFromSymbol(symbol);
    return !(flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
  };
  const isReadonly = (symbol) =>
    (symbol.declarations ?? []).some((node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Readonly) ||
    Boolean(ts.getCheckFlags(symbol) & 8 /* CheckFlags.Readonly */);

  /** An anonymous object type (type literal, object literal) whose members are listed one by one. */
  const isPlainObject = (type, { aliased = false } = {}) =>
    Boolean(type.flags & ts.TypeFlags.Object) &&
    (aliased || !type.aliasSymbol) &&
    Boolean(type.objectFlags & (ts.ObjectFlags.Anonymous | ts.ObjectFlags.ObjectLiteral)) &&
    !(
      type.symbol &&
      type.symbol.flags &
        (ts.SymbolFlags.Function | ts.SymbolFlags.Method | ts.SymbolFlags.Class | ts.SymbolFlags.Enum | ts.SymbolFlags.ValueModule)
    ) &&
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0 &&
    checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length === 0;

  /**
   * A constant's value types are widened (`"Request failed"` → string, `3000` → number): what a
   * constant is called and what type it has is API; the text or number it holds is not.
   */
  const widen = (type) =>
    type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BigIntLiteral)
      ? checker.getBaseTypeOfLiteralType(type)
      : type;

  /** One line per member; members whose type is itself a plain object are listed by path. */
  function memberLines(type, prefix, depth, lines, { value = false } = {}) {
    for (const signature of checker.getSignaturesOfType(type, ts.SignatureKind.Call))
      lines.push(`${prefix}(call) ${printSignature(signature)}`);
    for (const signature of checker.getSignaturesOfType(type, ts.SignatureKind.Construct))
      lines.push(`${prefix}(new) ${printSignature(signature)}`);
    for (const info of checker.getIndexInfosOfType(type)) lines.push(`${prefix}[key: ${print(info.keyType)}]: ${print(info.type)}`);
    for (const property of checker.getPropertiesOfType(type)) {
      if (!isPublic(property)) continue;
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = isReadonly(property) ? 'readonly ' : '';
      const name = `${readonly}${prefix}${quoteName(property.name)}${optional}`;
      const propertyType = checker.getTypeOfSymbol(property);
      if (property.flags & ts.SymbolFlags.Method) {
        for (const signature of checker.getSignaturesOfType(propertyType, ts.SignatureKind.Call))
          lines.push(`${name}${printSignature(signature)}`);
      } else if (depth < MAX_DEPTH && isPlainObject(propertyType) && checker.getPropertiesOfType(propertyType).length > 0) {
        memberLines(propertyType, `${prefix}${quoteName(property.name)}${optional}.`, depth + 1, lines, { value });
      } else {
        lines.push(`${name}: ${print(value ? widen(propertyType) : propertyType)}`);
      }
    }
    return lines;
  }

  const sorted = (lines) => [...new Set(lines)].sort();

  /** Each meaning of an exported symbol: [kind, lines]. */
  function meanings(symbol) {
    const out = [];
    const flags = symbol.flags;
    const valueType = () => checker.getTypeOfSymbol(symbol);
    if (flags & ts.SymbolFlags.Function) {
      out.push(['function', checker.getSignaturesOfType(valueType(), ts.SignatureKind.Call).map(printSignature)]);
    }
    if (flags & ts.SymbolFlags.Class) {
      const statics = [];
      const staticType = valueType();
      for (const signature of checker.getSignaturesOfType(staticType, ts.SignatureKind.Construct))
        statics.push(`(new) ${printSignature(signature)}`);
      const staticLines = memberLines(staticType, 'static ', 0, []).filter(
        (line) => !/^(readonly )?static (prototype\b|\(new\))/.test(line),
      );
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      out.push([
        'class',
        [...statics, ...sorted([...staticLines, ...memberLines(instance, '', 0, [])])].map((line, index) =>
          index === 0 && typeParameters(symbol) ? `${typeParameters(symbol)} ${line}` : line,
        ),
      ]);
    }
    if (flags & ts.SymbolFlags.Enum) {
      const members = checker.getExportsOfModule(symbol).map((member) => {
        const value = member.valueDeclaration ? checker.getConstantValue(member.valueDeclaration) : undefined;
        return `${quoteName(member.name)} = ${JSON.stringify(value)}`;
      });
      out.push(['enum', sorted(members)]);
    }
    if (flags & ts.SymbolFlags.Variable) {
      const declaration = symbol.valueDeclaration;
      const list = declaration && ts.isVariableDeclaration(declaration) ? declaration.parent : undefined;
      const kind =
        list && ts.isVariableDeclarationList(list)
          ? list.flags & ts.NodeFlags.Const
            ? 'const'
            : list.flags & ts.NodeFlags.Let
              ? 'let'
              : 'var'
          : 'const';
      const type = valueType();
      out.push([
        kind,
        isPlainObject(type) && checker.getPropertiesOfType(type).length > 0
          ? sorted(memberLines(type, '', 0, [], { value: true }))
          : [print(widen(type))],
      ]);
    }
    if (flags & ts.SymbolFlags.Interface) {
      const lines = sorted(memberLines(checker.getDeclaredTypeOfSymbol(symbol), '', 0, []));
      const params = typeParameters(symbol);
      out.push(['interface', params ? [params, ...lines] : lines]);
    }
    if (flags & ts.SymbolFlags.TypeAlias) {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      const params = typeParameters(symbol);
      const declaration = symbol.declarations?.find(ts.isTypeAliasDeclaration);
      const object = isPlainObject(type, { aliased: true }) && checker.getPropertiesOfType(type).length > 0;
      const lines = object ? sorted(memberLines(type, '', 0, [])) : [print(type, declaration, N.InTypeAlias)];
      out.push(['type', params ? [params, ...lines] : lines]);
    }
    if (
      flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) &&
      !(flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Enum))
    ) {
      out.push([
        'namespace',
        checker
          .getExportsOfModule(symbol)
          .map((member) => member.name)
          .sort(),
      ]);
    }
    return out;
  }

  const exports = {};
  for (const exported of [...checker.getExportsOfModule(moduleSymbol)].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const found = meanings(symbol);
    if (found.length === 0) {
      exports[exported.name] = { kind: 'unknown', signature: [] };
    } else if (found.length === 1) {
      exports[exported.name] = { kind: found[0][0], signature: found[0][1] };
    } else {
      exports[exported.name] = {
        kind: found.map(([kind]) => kind).join(' + '),
        signature: found.flatMap(([kind, lines]) => lines.map((line) => `${kind} ${line}`)),
      };
    }
  }
  return { package: packageJson.name, version: packageJson.version, entry, exports };
}

function readRecorded(packageDir) {
  const file = path.join(packageDir, REPORT_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'));
}

function writeReport(packageDir, report) {
  const text = `${JSON.stringify({ note: 'Generated by scripts/api-report.mjs; do not edit. Regenerate with: pnpm api-report <package-dir> --update', ...report }, null, 2)}\n`;
  writeFileSync(path.join(packageDir, REPORT_FILE), text);
}

/** Workspace package folders (one level below the root) that have an api-report.json. */
export function packagesWithReports(root = repoRoot) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => path.join(root, entry.name))
    .filter((dir) => existsSync(path.join(dir, REPORT_FILE)) && existsSync(path.join(dir, 'package.json')));
}

const clip = (line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line);

/** Checks (or with `update`, rewrites) one package's report; returns true when it is in order. */
function run(packageDir, { update, force }) {
  const relative = path.relative(repoRoot, packageDir) || '.';
  const started = Date.now();
  const current = buildReport(packageDir);
  const recorded = readRecorded(packageDir);
  const updateCommand = `pnpm api-report ${relative} --update`;
  const result = checkReport({ recorded, current, packageVersion: current.version, updateCommand });
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (result.ok) {
    console.log(
      `api-report: ${current.package}@${current.version} matches ${relative}/${REPORT_FILE} (${Object.keys(current.exports).length} exports, ${took})`,
    );
    return true;
  }
  if (!update) {
    console.error(`api-report: ${result.messages.join('\n')}`);
    for (const change of result.diff.changed.slice(0, 20)) {
      for (const line of change.removedLines.slice(0, 5)) console.error(`    - ${change.name}: ${clip(line)}`);
      for (const line of change.addedLines.slice(0, 5)) console.error(`    + ${change.name}: ${clip(line)}`);
    }
    return false;
  }
  if (recorded) {
    const level = changeLevel(result.diff);
    const minimum = level === 'none' ? null : minimumVersion(recorded.version, level).version;
    if (compareVersions(current.version, recorded.version) < 0 || (minimum && compareVersions(current.version, minimum) < 0)) {
      if (!force) {
        console.error(
          `api-report: not updated. ${result.messages.join('\n')}\n(--force records it anyway, e.g. when a printed signature changed but the API did not)`,
        );
        return false;
      }
      console.warn(
        `api-report: --force: recording ${current.package}@${current.version} although ${minimum ? `at least ${minimum}` : 'a higher version'} is needed`,
      );
    }
  }
  writeReport(packageDir, current);
  const changes = recorded ? describeDiff(diffReports(recorded, current)) : [`${Object.keys(current.exports).length} exports`];
  console.log(
    `api-report: wrote ${relative}/${REPORT_FILE} for ${current.package}@${current.version}${changes.length ? ` (${changes.join('; ')})` : ''}`,
  );
  return true;
}

function main(argv) {
  const update = argv.includes('--update');
  const force = argv.includes('--force');
  const all = argv.includes('--all');
  const unknown = argv.filter((arg) => arg.startsWith('--') && !['--update', '--force', '--all'].includes(arg));
  const dirs = argv.filter((arg) => !arg.startsWith('--')).map((dir) => path.resolve(dir));
  if (unknown.length || (!all && dirs.length === 0)) {
    console.error('Usage: node scripts/api-report.mjs <package-dir>… | --all  [--update] [--force]');
    return 2;
  }
  const targets = [...new Set([...(all ? packagesWithReports() : []), ...dirs])];
  if (targets.length === 0) console.log('api-report: no package has an api-report.json');
  let ok = true;
  for (const dir of targets) {
    if (!existsSync(path.join(dir, 'package.json'))) {
      console.error(`api-report: ${dir} is not a package folder`);
      ok = false;
      continue;
    }
    ok = run(dir, { update, force }) && ok;
  }
  return ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`api-report: ${error.message}`);
    process.exitCode = 1;
  }
}
