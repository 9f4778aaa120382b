// ps_3_0: input declarations with usages, indices, masks, centroid and _pp.
ps_3_0
dcl_texcoord v0.xy
dcl_texcoord1 v0.zw
dcl_texcoord2_centroid v1
dcl_color v2
dcl_color1_pp v3
dcl_normal v4.xyz
dcl_tangent v5
dcl_binormal v6
dcl_fog v7.x
dcl_depth v8.x
dcl_texcoord7 v9
add r0, v0, v1
add r0, r0, v2
add r0, r0, v3
add r0.xyz, r0, v4
add r0, r0, v5
add r0, r0, v6
add r0.x, r0, v7.x
add r0.y, r0, v8.x
add r0, r0, v9
mov oC0, r0
