import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { AdminFilesController } from './admin-files.controller';
import { DocumentFiles } from './documents/document-files';
import { FileStore } from './file-store';
import { FileUrlSigner } from './file-url-signer';
import { FilesController } from './files.controller';
import { StoredFileRepository } from './stored-file.repository';

/**
 * Stored files under DATA_DIR/files and their private download routes (owner's token, signed URL, staff session),
 * and the checked upload of a partner's documents (DocumentFiles) every family uses.
 */
@Module({
  imports: [AdminModule],
  controllers: [FilesController, AdminFilesController],
  providers: [StoredFileRepository, FileStore, FileUrlSigner, DocumentFiles],
  exports: [FileStore, FileUrlSigner, DocumentFiles],
})
export class FilesModule {}
