// Tests that import the toolkit get the task-starting seam with it, so they can name
// `TaskStarting` and `.default` without a second import.
@_exported import RundownTasks
