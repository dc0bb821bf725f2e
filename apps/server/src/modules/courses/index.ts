// Courses: what the order path reads (the list, to hold later courses) and the firing itself.
export { listCourseSettings } from './service.js';
export { fireDueCourses, fireHeldCourse, type FiredCourse } from './fire.js';
