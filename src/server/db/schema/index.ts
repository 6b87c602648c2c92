export * from './users';
export * from './auth';
export * from './courses';
export * from './learning';
export * from './files';
export * from './certificates';
export * from './tutor';
export * from './analytics';
