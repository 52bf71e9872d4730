import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { StoredFileRepository } from './stored-file.repository';

/** Stored files under DATA_DIR/files and their public download route. */
@Module({
  controllers: [FilesController],
  providers: [StoredFileRepository, FileStore],
  exports: [FileStore],
})
export class FilesModule {}
