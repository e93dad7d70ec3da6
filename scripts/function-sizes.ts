/**
 * Lists the functions (declarations, expressions, arrows, methods, accessors) of `src/` and
 * `flows/` by their length in lines, longest first, down to a threshold (default 100):
 * `npx tsx scripts/function-sizes.ts [minLines]`. Seed data (`src/sandbox/seed`) is left
 * out (`src/sandbox/seed`, `src/sandbox/packages/seed.ts`): it is data written as code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface FunctionSize {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = ['src', 'flows'];
/** Seed data: the sandbox's demo catalog, written as code. */
const excluded = ['src/sandbox/seed', 'src/sandbox/packages/seed.ts'];

function sourceFiles(): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split('\\').join('/')}`)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
      .filter(
        (file) => !excluded.some((prefix) => file === prefix || file.startsWith(`${prefix}/`)),
      ),
  );
}

/** The name a reader would search for: the declared name, or the variable/property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

export function functionSizes(): FunctionSize[] {
  const sizes: FunctionSize[] = [];
  for (const file of sourceFiles()) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(root, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (isFunction(node) && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        sizes.push({
          file: relative(root, join(root, file)),
          name: nameOf(node, source),
          line: start + 1,
          lines: end - start + 1,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sizes.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const min = Number(process.argv[2] ?? 100);
  const long = functionSizes().filter((size) => size.lines > min);
  const rows = long.map(
    (size) => `${String(size.lines).padStart(5)}  ${size.file}:${size.line}  ${size.name}\n`,
  );
  process.stdout.write(`${rows.join('')}${long.length} functions over ${min} lines\n`);
}
