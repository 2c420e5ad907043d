// Builds the SPA into dist/ (served by the server with history fallback); `npm run dev` serves it on :5173.
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const pkg = require('./package.json');

const BACKEND = process.env.BACKEND_URL || 'http://127.0.0.1:3000';

/** Build-time values read by src/config/env.ts; each can be overridden from the environment. */
const appEnv = {
  APP_NAME: 'Plainwright',
  APP_VERSION: pkg.version,
  APP_API_URL: '/api',
  APP_SUPPORT_EMAIL: 'support@plainwright.dev',
  APP_DOCS_URL: 'https://plainwright.dev/docs',
  APP_FAQ_URL: 'https://plainwright.dev/docs/faq',
};

const defined = Object.fromEntries(
  Object.entries(appEnv).map(([name, fallback]) => [
    `process.env.${name}`,
    JSON.stringify(process.env[name] ?? fallback),
  ]),
);

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  const hashed = production ? '.[contenthash:8]' : '';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: `assets/[name]${hashed}.js`,
      chunkFilename: `assets/[name]${hashed}.js`,
      cssFilename: `assets/[name]${hashed}.css`,
      cssChunkFilename: `assets/[name]${hashed}.css`,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // react-router's package exports only its development build; its production build drops the dev checks.
      alias: production
        ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') }
        : {},
    },
    // Webpack's own CSS support handles the @fontsource stylesheets without extra loaders.
    experiments: { css: true },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.(woff2?|png|svg|ico)$/, type: 'asset/resource' },
        // @emotion/react imports it for nothing but its side effects, which it has none of (it only defines a
        // function); without this flag it and its copy of react-is sat in the first chunk (issue 34), while
        // formik, which calls it, still gets it in its route's chunk.
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new webpack.DefinePlugin(defined),
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        scriptLoading: 'defer',
        // Quotes stay, so tools that read index.html (the bundle benchmark, the server) parse it simply.
        minify: production && {
          collapseWhitespace: true,
          removeComments: true,
          keepClosingSlash: true,
        },
      }),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: 'public',
            noErrorOnMissing: true,
            globOptions: { ignore: ['**/index.html', '**/mockServiceWorker.js'] },
          },
        ],
      }),
      production &&
        new CompressionPlugin({
          test: /\.(js|css|html|svg)$/,
          algorithm: 'gzip',
          filename: '[path][base].gz',
        }),
      production &&
        new CompressionPlugin({
          test: /\.(js|css|html|svg)$/,
          algorithm: 'brotliCompress',
          filename: '[path][base].br',
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        }),
    ].filter(Boolean),
    optimization: {
      // HtmlWebpackPlugin minifies index.html itself; webpack's HTML minifier would strip quotes and mangle its CSS.
      minimizeOptions: { html: false },
      runtimeChunk: 'single',
      splitChunks: { chunks: 'all' },
    },
    // The budget that matters is gzip size, measured by `npm run bench`; raw-size hints would only be noise.
    performance: { hints: false },
    ignoreWarnings: [{ module: /@supabase/, message: /@opentelemetry\/api/ }],
    devServer: {
      host: '127.0.0.1',
      port: 5173,
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false } },
      proxy: [{ context: ['/api', '/idp', '/trace', '/dev'], target: BACKEND, ws: true }],
    },
  };
};
