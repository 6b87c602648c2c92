// The backups domain's public API: what the rest of the server may use of it. Everything else here is its own.
export { backupsRoutes } from './backups.routes';
export { BACKUP_RUN_TASK, BACKUP_SCHEDULED_TASK, backupCrontab, createBackupsService, type BackupsService } from './backups.service';
