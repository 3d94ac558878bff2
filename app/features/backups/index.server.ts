/** Backups of the embedded database: taken on a schedule by the worker, listed and restored by the operator CLI. */
export { backupEmbedded, listBackups, type BackupFile } from "./backups.server";
export { restoreBackup } from "./restore.server";
export { BACKUP_QUEUE, backupQueue, startBackupWorker } from "./worker.server";
