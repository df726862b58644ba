/**
 * Finds every `.query(...)` call in the given TypeScript files with the compiler API and works out its SQL text:
 * a string or template literal, with `${…}` substitutions resolved when they name other constant SQL (a `const`
 * string anywhere in the program, a literal-typed expression, a `+` of those). A `?:` or a lookup in a constant
 * table, or a value typed as a union of string literals, gives one statement per possible text. Anything else (a function call, text built at run time) is dynamic.
 */
import ts from 'typescript';

interface CallSite {
  file: string;
  line: number;
  /** In a route under src/pages/ or in a file that defines endpoint handlers: where no SQL may be written. */
  inHandler: boolean;
}

export interface StaticCall extends CallSite {
  kind: 'static';
  sql: string;
  /** Property names of the row type in `query<Row>(…)`, with the optional ones marked, when the type is concrete. */
  row?: { name: string; optional: boolean }[];
}

export interface DynamicCall extends CallSite {
  kind: 'dynamic';
  /** The first argument as written, on one line, for the listing. */
  source: string;
}

export type QueryCall = StaticCall | DynamicCall;

/** Why a value could not be computed at compile time. */
class NotConstant extends Error {}

/** Most variants of one statement worth preparing: a conditional inside a conditional multiplies them. */
const MAX_VARIANTS = 16;

/** Every text a constant expression can have: one, or one per branch of a `?:` or per value of a constant lookup table. */
/** What the parameters and local constants of an inlined SQL-fragment function stand for. */
type Bindings = Map<ts.Symbol, string[]>;

interface Context {
  checker: ts.TypeChecker;
  /** Declarations being evaluated, so a constant that refers to itself is dynamic rather than endless. */
  seen: Set<ts.Node>;
  bindings: Bindings;
}

function constantTexts(node: ts.Expression, context: Context): string[] {
  const { checker } = context;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return constantTexts(node.expression, context);
  }
  if (ts.isTemplateExpression(node)) {
    let texts = [node.head.text];
    for (const span of node.templateSpans) texts = combine(texts, constantTexts(span.expression, context), [span.literal.text]);
    return texts;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return combine(constantTexts(node.left, context), constantTexts(node.right, context), ['']);
  }
  if (ts.isConditionalExpression(node)) {
    return [...constantTexts(node.whenTrue, context), ...constantTexts(node.whenFalse, context)];
  }
  // `ORDERS[order]`: whichever key is asked for, the text is one of the table's values.
  if (ts.isElementAccessExpression(node) && (ts.isIdentifier(node.expression) || ts.isPropertyAccessExpression(node.expression))) {
    const table = constDeclaration(node.expression, checker)?.initializer;
    const object = table && unwrap(table);
    if (object && ts.isObjectLiteralExpression(object)) {
      return object.properties.flatMap((property) => {
        if (!ts.isPropertyAssignment(property)) throw new NotConstant();
        return constantTexts(property.initializer, context);
      });
    }
  }
  if (ts.isIdentifier(node)) {
    const bound = context.bindings.get(checker.getSymbolAtLocation(node)!);
    if (bound) return bound;
  }
  if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
    const declaration = constDeclaration(node, checker);
    if (declaration?.initializer) return once(declaration, context, () => constantTexts(declaration.initializer!, context));
  }
  // `toolFactsJson('p')`: a function that only returns SQL built from its arguments is evaluated with them.
  if (ts.isCallExpression(node) && (ts.isIdentifier(node.expression) || ts.isPropertyAccessExpression(node.expression))) {
    const fragment = fragmentFunction(node.expression, checker);
    if (fragment) {
      const [declaration, body] = fragment;
      if (declaration.parameters.length !== node.arguments.length) throw new NotConstant();
      const bindings: Bindings = new Map(context.bindings);
      declaration.parameters.forEach((parameter, index) => {
        bindings.set(checker.getSymbolAtLocation(parameter.name)!, constantTexts(node.arguments[index]!, context));
      });
      return once(declaration, context, () => evaluateBody(body, { ...context, bindings }));
    }
  }
  // Whatever TypeScript itself knows to be one literal value (a literal-typed parameter, an enum member…).
  const type = checker.getTypeAtLocation(node);
  if (type.isStringLiteral()) return [type.value];
  if (type.isNumberLiteral()) return [String(type.value)];
  // `SET ${column} = $2` with `column: 'is_featured' | 'is_popular'`: one statement per name the type allows.
  if (type.isUnion() && type.types.length <= MAX_VARIANTS && type.types.every((member) => member.isStringLiteral())) {
    return type.types.map((member) => (member as ts.StringLiteralType).value);
  }
  // `LIMIT ${Number(limit)}`: a number can only become a numeric literal in the text, so any one checks the same.
  if (type.flags & ts.TypeFlags.NumberLike) return ['1'];
  throw new NotConstant();
}

function once(declaration: ts.Node, context: Context, evaluate: () => string[]): string[] {
  if (context.seen.has(declaration)) throw new NotConstant();
  context.seen.add(declaration);
  try {
    return evaluate();
  } finally {
    context.seen.delete(declaration);
  }
}

/** A function declared with simple parameters whose body is local constants and one return, or an arrow returning an expression. */
function fragmentFunction(
  callee: ts.Identifier | ts.PropertyAccessExpression,
  checker: ts.TypeChecker,
): [ts.SignatureDeclaration & { parameters: ts.NodeArray<ts.ParameterDeclaration> }, ts.ConciseBody] | undefined {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  let declaration: ts.Node | undefined = symbol?.valueDeclaration;
  if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) declaration = unwrap(declaration.initializer);
  if (!declaration || !(ts.isFunctionDeclaration(declaration) || ts.isArrowFunction(declaration) || ts.isFunctionExpression(declaration))) return undefined;
  if (!declaration.body || declaration.parameters.some((parameter) => !ts.isIdentifier(parameter.name) || parameter.initializer || parameter.dotDotDotToken))
    return undefined;
  return [declaration, declaration.body];
}

function evaluateBody(body: ts.ConciseBody, context: Context): string[] {
  if (!ts.isBlock(body)) return constantTexts(body, context);
  const bindings: Bindings = new Map(context.bindings);
  for (const statement of body.statements) {
    if (ts.isReturnStatement(statement) && statement.expression) return constantTexts(statement.expression, { ...context, bindings });
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) break;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) throw new NotConstant();
      bindings.set(context.checker.getSymbolAtLocation(declaration.name)!, constantTexts(declaration.initializer, { ...context, bindings }));
    }
  }
  throw new NotConstant();
}

function combine(left: string[], middle: string[], right: string[]): string[] {
  const texts = left.flatMap((a) => middle.flatMap((b) => right.map((c) => a + b + c)));
  if (texts.length > MAX_VARIANTS) throw new NotConstant();
  return texts;
}

function unwrap(node: ts.Expression): ts.Expression {
  return ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
}

/** The `const x = …` an identifier (or `namespace.x`, or an import of it) refers to. */
function constDeclaration(node: ts.Identifier | ts.PropertyAccessExpression, checker: ts.TypeChecker): ts.VariableDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const ? declaration : undefined;
}

/** The properties of a concrete row type; undefined for a type parameter or anything without fixed properties. */
function rowProperties(node: ts.TypeNode, checker: ts.TypeChecker): StaticCall['row'] {
  const type = checker.getTypeFromTypeNode(node);
  if (type.flags & (ts.TypeFlags.TypeParameter | ts.TypeFlags.Any | ts.TypeFlags.Unknown) || type.isUnion()) return undefined;
  if (checker.getIndexInfosOfType(type).length > 0) return undefined;
  const properties = checker.getPropertiesOfType(type);
  if (properties.length === 0) return undefined;
  return properties.map((property) => ({ name: property.name, optional: (property.flags & ts.SymbolFlags.Optional) !== 0 }));
}

/** A route file, or one that calls `endpoint({...})`, the wrapper every handler is built with. */
function isHandlerFile(file: string, source: ts.SourceFile): boolean {
  if (/(^|\/)src\/pages\//.test(file)) return true;
  const search = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint') || ts.forEachChild(node, search) === true;
  return search(source);
}

function isQueryCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query' && node.arguments.length > 0;
}

/** Every `.query(…)` call with a first argument in `files`, static or dynamic, in file and line order. */
export function collectQueryCalls(files: string[], options: ts.CompilerOptions): QueryCall[] {
  const program = ts.createProgram(files, options);
  const checker = program.getTypeChecker();
  const calls: QueryCall[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const inHandler = isHandlerFile(file, source);
    const visit = (node: ts.Node): void => {
      // A pg "submittable" (`query(new Cursor(…))`) brings its own protocol messages, not text to check.
      if (isQueryCall(node) && !ts.isNewExpression(unwrap(node.arguments[0]!))) {
        const argument = node.arguments[0]!;
        const line = source.getLineAndCharacterOfPosition(argument.getStart(source)).line + 1;
        // `query(config)` objects and plain variables are not SQL we can read; literals and constants are.
        try {
          const texts = [...new Set(constantTexts(argument, { checker, seen: new Set(), bindings: new Map() }))];
          const typeArgument = node.typeArguments?.[0];
          const row = typeArgument ? rowProperties(typeArgument, checker) : undefined;
          for (const sql of texts) calls.push({ kind: 'static', file, line, inHandler, sql, ...(row ? { row } : {}) });
        } catch (error) {
          if (!(error instanceof NotConstant)) throw error;
          calls.push({ kind: 'dynamic', file, line, inHandler, source: argument.getText(source).replace(/\s+/g, ' ').slice(0, 120) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}
