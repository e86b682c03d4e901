// /proc/<pid>/stat (and a thread's /proc/<pid>/task/<tid>/stat) as fields (Linux, proc(5)).

/**
 * The fields after the command name, which is in parentheses and may hold spaces and parentheses
 * itself: [0] is the state (field 3 in proc(5)), [1] the parent's pid, [11] and [12] the user and
 * system times, [16] the nice value.
 */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}
