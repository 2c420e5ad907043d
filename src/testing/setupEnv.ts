// The values webpack's DefinePlugin injects in a real build (see webpack.config.js).
process.env.APP_NAME ??= 'Plainwright';
process.env.APP_VERSION ??= '0.2.8';
process.env.APP_API_URL ??= '/api';
process.env.APP_SUPPORT_EMAIL ??= 'support@plainwright.dev';
process.env.APP_DOCS_URL ??= 'https://plainwright.dev/docs';
process.env.APP_FAQ_URL ??= 'https://plainwright.dev/docs/faq';
