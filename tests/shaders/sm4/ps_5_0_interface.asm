// class linkage: one interface slot, two classes (fb0 writes a literal, fb1 reads its
// instance's data at this[0].x); the IFCE chunk is derived (no class_type lines)
ps_5_0
dcl_function_body fb0
dcl_function_body fb1
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_interface fp0[1][1] = {ft0, ft1}
dcl_constantbuffer cb0[4], dynamicIndexed
dcl_output o0.xyzw
fcall fp0[0][0]
ret
label fb0
mov o0.xyzw, l(1.000000, 0, 0, 1.000000)
ret
label fb1
mov o0.xyzw, cb0[this0.x + 1].xyzw
ret
