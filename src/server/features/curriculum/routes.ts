import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { curriculumEditingEndpoints as endpoints } from '../../../shared/endpoints/curriculum';
import { route } from '../../http/route';
import type { StoredFileRemover } from '../media';
import { addLesson, addSection, deleteLesson, deleteSection, readEditableCurriculum, renameSection, reorderCurriculum, updateLesson, type CurriculumEditorContext } from './curriculum-editor';

export type CurriculumRoutesOptions = { storage: StoredFileRemover };

/** The curriculum editor's routes (owner or admin of the course `:id`). */
export const curriculumRoutes: FastifyPluginAsyncZod<CurriculumRoutesOptions> = async (app, { storage }) => {
  const context: CurriculumEditorContext = {
    db: app.db,
    storage,
    caps: app.config.curriculum,
    maxWaitingTranscodes: app.config.transcode.maxWaitingPerUser,
  };

  route(app, endpoints.getCurriculumForEdit, async (request) => readEditableCurriculum(context.db, request.params.id, context.caps));

  route(app, endpoints.addCurriculumSection, async (request, reply) => reply.status(201).send(await addSection(context, request.params.id, request.body.title)));

  route(app, endpoints.renameCurriculumSection, async (request) => renameSection(context, request.params.id, request.params.sectionId, request.body.title));

  route(app, endpoints.deleteCurriculumSection, async (request) => deleteSection(context, request.params.id, request.params.sectionId));

  route(app, endpoints.addCurriculumLesson, async (request, reply) =>
    reply.status(201).send(await addLesson(context, request.params.id, request.params.sectionId, request.body)),
  );

  route(app, endpoints.updateCurriculumLesson, async (request) => updateLesson(context, request.params.id, request.params.lessonId, request.body));

  route(app, endpoints.deleteCurriculumLesson, async (request) => deleteLesson(context, request.params.id, request.params.lessonId));

  route(app, endpoints.reorderCurriculum, async (request) => reorderCurriculum(context, request.params.id, request.body));
};
