import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A write to a resource (create, update, delete): once it settles, done or failed, every list
 * under `listKey` loads again, so the screen shows what the server holds. `onSuccess` may update
 * the cached lists first, so that the change shows before the reload answers.
 */
export function useListWrite<Vars, Answer>(
  listKey: QueryKey,
  write: (vars: Vars) => Promise<Answer>,
  onSuccess?: (answer: Answer, vars: Vars, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: onSuccess && ((answer: Answer, vars: Vars) => onSuccess(answer, vars, queryClient)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
