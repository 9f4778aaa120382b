// vs_1_1: input declarations with every usage (but positiont, see vs_1_1_dcl_positiont).
vs_1_1
dcl_position v0
dcl_blendweight v1
dcl_blendindices v2
dcl_normal v3
dcl_psize v4
dcl_texcoord v5
dcl_tangent v6
dcl_binormal v7
dcl_tessfactor v8
dcl_color v9
dcl_fog v10
dcl_depth v11
dcl_sample v12
dcl_texcoord7 v13
dcl_color1 v14
dcl_position1 v15
add r0, v0, v1
add r0, r0, v2
add r0, r0, v3
add r0, r0, v4
add r0, r0, v5
add r0, r0, v6
add r0, r0, v7
add r0, r0, v8
add r0, r0, v9
add r0, r0, v10
add r0, r0, v11
add r0, r0, v12
add r0, r0, v13
add r0, r0, v14
add oPos, r0, v15
