// PM2 process file: `npm run build && npx pm2 start ecosystem.config.cjs`.
module.exports = {
  apps: [
    {
      name: 'reset-tracker',
      script: 'dist/server/main.js',
      exec_mode: 'cluster',
      instances: process.env.INSTANCES ?? 'max',
      env: { NODE_ENV: 'production' },
    },
  ],
};
