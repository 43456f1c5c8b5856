require('reflect-metadata');
const v8 = require('v8');
const mb = (b) => (b / 1048576).toFixed(1);
const show = (label) => { global.gc?.(); const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'external', mb(m.external), 'arrayBuffers', mb(m.arrayBuffers)); };
show('start');
const { createApp } = require('/work/main/dist/apps/api/src/create-app.js');
show('loaded');
const { loadAppConfig } = require('/work/main/dist/libs/shared-kernel/src/index.js');
(async () => {
  const config = loadAppConfig({ ...process.env, LOG_LEVEL: 'silent' }, { databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', fieldEncryptionKey: require('crypto').randomBytes(32), logLevel: 'silent' });
  const app = await createApp(config);
  await app.listen(0);
  show('listening');
  for (const s of v8.getHeapSpaceStatistics()) console.log(s.space_name, mb(s.space_size), mb(s.space_used_size));
  await app.close(); process.exit(0);
})();
