// Stands in for stylesheets and images, which jsdom cannot load.
const fileStub = 'test-file-stub';
export default fileStub;
