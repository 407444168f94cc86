/**
 * The import rules of docs/architecture.md, checked by `npm run lint` (decision 067). The server's layers,
 * each importing only those below it: the composition root (`server/app.ts`, `bootstrap.ts`, the entry
 * points) → the handlers (`server/routes/`) → the HTTP edge (`server/http/`) → the domain modules → the
 * engine and the database. The app (`src/`) and the server never import each other; both import the
 * contract, which imports neither.
 */
const domain = '^server/(auth|billing|autoposting|discovery|generation|jobs|mail|domain|net)/';
const tests = '\\.(test|db\\.test)\\.tsx?$';
const root = '^server/(app|bootstrap|main|worker-main|discover-main)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No file reaches itself through its imports (type-only imports count).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-knows-no-http',
      comment: 'The domain, the engine and the database know nothing of HTTP or of the handlers.',
      severity: 'error',
      from: { path: [domain, '^server/(engine|db)/'], pathNot: tests },
      to: { path: '^server/(http|routes)/' },
    },
    {
      name: 'http-below-handlers',
      comment: 'The HTTP edge (envelope, binding, security, pages) does not import the handlers.',
      severity: 'error',
      from: { path: '^server/http/', pathNot: tests },
      to: { path: '^server/routes/' },
    },
    {
      name: 'engine-alone',
      comment: 'The engine (language, ranking, keywords, drafting, learning) imports only itself.',
      severity: 'error',
      from: { path: '^server/engine/', pathNot: tests },
      to: { path: '^(server/(?!engine/)|src/|contract/)' },
    },
    {
      name: 'db-below-domain',
      comment: 'The database layer imports no domain module, handler or engine.',
      severity: 'error',
      from: { path: '^server/db/', pathNot: tests },
      to: { path: [domain, '^server/(http|routes|engine)/'] },
    },
    {
      name: 'product-concepts-at-the-bottom',
      comment:
        'The product concepts every layer shares (server/domain: networks, ids, errors) import no module above them.',
      severity: 'error',
      from: { path: '^server/domain/', pathNot: tests },
      to: {
        path: '^server/(auth|billing|autoposting|discovery|generation|jobs|mail|net|db|http|routes|engine)/',
      },
    },
    {
      name: 'composition-root-on-top',
      comment: 'Only the entry points import the composition root.',
      severity: 'error',
      from: { path: '^server/', pathNot: [root, tests] },
      to: { path: root },
    },
    {
      name: 'configuration-at-the-root',
      comment:
        'A module declares and reads its own slice of the configuration (decision 069); only the entry points compose them all in `server/env.ts`.',
      severity: 'error',
      from: { path: '^server/', pathNot: [root, tests] },
      to: { path: '^server/env\\.ts$' },
    },
    {
      name: 'configuration-values-alone',
      comment: 'The pieces every slice is written with (`server/config/`) import nothing of the server.',
      severity: 'error',
      from: { path: '^server/config/', pathNot: tests },
      to: { path: '^(server/(?!config/)|src/|contract/)' },
    },
    {
      name: 'app-and-server-apart',
      comment: 'The app and the server share only the contract.',
      severity: 'error',
      from: { path: '^(src|sw)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-and-app-apart',
      comment: 'The server draws pages with the built renderer (`dist/render`), never the app source.',
      severity: 'error',
      from: { path: '^server/', pathNot: tests },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'contract-alone',
      comment: 'The contract imports neither side.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(src|sw|server|tests)/' },
    },
    {
      name: 'features-apart',
      comment: "A feature folder does not import another's; shared pieces live in components and lib.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: tests },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/', '^reports/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
