/**
 * The banners of an entity in the admin, all worded alike from its name ("blog post"): what creating,
 * editing and deleting one says, and the load failure of its list.
 */
export function entityMessages(name: string, list = `${name}s`) {
  const Name = name.charAt(0).toUpperCase() + name.slice(1)
  return {
    loadFailed: `Failed to load ${list}`,
    created: `${Name} created successfully`,
    updated: `${Name} updated successfully`,
    deleted: `${Name} deleted successfully`,
    createFailed: `Failed to create ${name}`,
    updateFailed: `Failed to update ${name}`,
    deleteFailed: `Failed to delete ${name}`,
  }
}
