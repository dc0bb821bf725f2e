// Courses: what the order path reads (the list, to hold later courses and fire them).
export { listCourseSettings, listCourses } from './service.js';
