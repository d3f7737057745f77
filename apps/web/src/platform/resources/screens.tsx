import { ResourceFormPage } from './ResourceFormPage.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';
import { ResourceViewPage } from './ResourceViewPage.tsx';
import type { ResourceScreens } from './routes.tsx';
import type { ResourceEnv, ResourceUi } from './ui.ts';

/** The list, create/edit and view screens of one resource, from its UI config. */
export function createResourceScreens(ui: ResourceUi, env: ResourceEnv): ResourceScreens {
  return {
    List: function List() {
      return <ResourceListPage ui={ui} env={env} />;
    },
    Form: function Form() {
      return <ResourceFormPage ui={ui} env={env} />;
    },
    View: function View() {
      return <ResourceViewPage ui={ui} env={env} />;
    },
  };
}
