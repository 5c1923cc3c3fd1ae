# ha-pacs-ib-cg (issue 24 §5) charges the CG as ha-pacs-tca-cg does TCA: host scalars on the CPU
# wire, vectors on the GPU wire. In weft cg on 16 PEs of the crossbar fattree:16,1 every PE ends
# each collective together, so each phase costs its own messages: the allreduces (8 B) cost exactly
# what they cost on ha-pacs-ib (CPU), the allgathers (blocks of 1456 B) exactly what they cost on
# ha-pacs-ib-gpu (GDRCopy eager), to the picosecond.
#   cmake -DWEFT=<weft> -DDIR=<scratch dir> -P cg_preset_paths.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${WEFT} cg --generate banded:2910,61 --iterations 2 --procs 16 --mapping fig11 --quiet
                        --machine ha-pacs-ib-cg,ha-pacs-ib,ha-pacs-ib-gpu --json ${DIR}/cg.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "weft cg on the IB presets: exit ${rc}\n${out}${err}")
endif()
file(READ ${DIR}/cg.json j)
foreach(i 0 1 2)
  string(JSON machine GET "${j}" runs ${i} machine)
  string(JSON allreduce_${machine} GET "${j}" runs ${i} breakdown total_ps allreduce)
  string(JSON allgather_${machine} GET "${j}" runs ${i} breakdown total_ps allgather)
endforeach()
if(NOT allreduce_ha-pacs-ib-cg EQUAL allreduce_ha-pacs-ib OR NOT allgather_ha-pacs-ib-cg EQUAL allgather_ha-pacs-ib-gpu
   OR allreduce_ha-pacs-ib-cg EQUAL allreduce_ha-pacs-ib-gpu)
  message(FATAL_ERROR "ha-pacs-ib-cg: allreduce ${allreduce_ha-pacs-ib-cg} ps (ha-pacs-ib ${allreduce_ha-pacs-ib}, "
                      "ha-pacs-ib-gpu ${allreduce_ha-pacs-ib-gpu}); allgather ${allgather_ha-pacs-ib-cg} ps "
                      "(ha-pacs-ib-gpu ${allgather_ha-pacs-ib-gpu})")
endif()
