import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { NotFoundRoute } from './NotFoundRoute';

const meta: Meta<typeof NotFoundRoute> = { title: 'Screens/NotFound', component: NotFoundRoute };
export default meta;

export const FirstPageOfTheVisit: StoryObj<typeof NotFoundRoute> = {};
