/**
 * The admin banners of an entity, all worded alike from its name ("blog post"): what creating,
 * editing and deleting one says, and the load failure of its list.
 */
export function adminMessages(name: string, list = `${name}s`) {
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
