// `npm run restore -- <backup.tar.gz> <new DATA_DIR>`: build what is not built yet, restore the backup
// into the new folder (refusing one that is not empty, checking the checksum and the schema), then
// start on it exactly as `npm start` does.
process.argv.splice(2, 0, 'restore');
await import('./start.mjs');
